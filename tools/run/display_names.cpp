#include "tools/run/display_names.h"

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "config/config.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

namespace {

// A config value at a dotted path, or null.
const nlohmann::json& at(const nlohmann::json& config, const std::string& dotted) {
  static const nlohmann::json none;
  const nlohmann::json* j = &config;
  std::size_t from = 0;
  while (j->is_object()) {
    const std::size_t dot = dotted.find('.', from);
    const auto it = j->find(dotted.substr(from, dot == std::string::npos ? std::string::npos : dot - from));
    if (it == j->end()) return none;
    j = &*it;
    if (dot == std::string::npos) return *j;
    from = dot + 1;
  }
  return none;
}

std::string with_thousands(long long n) {
  std::string s = std::to_string(n), out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

}  // namespace

std::string routing_display(const std::string& algorithm, const nlohmann::json& config) {
  return routing_display_of(algorithm, config).name;  // the routing registry's names
}

int routing_style(const std::string& label) {
  auto names = [&label](const RoutingDisplay& d) {
    return label == d.name || label.rfind(d.name + ",", 0) == 0 || label.rfind(d.name + " ", 0) == 0;
  };
  for (const RoutingEntry& e : routing_registry()) {
    for (const RoutingDisplay& v : e.display_variants)
      if (names(v)) return v.style;
    if (names(e.display)) return e.display.style;
  }
  return 0;
}

std::string pattern_display(const std::string& pattern, long long offset, int span) {
  if (pattern == "adv") {
    if (span > 0 && offset == span) return "ADV+h";
    return fmt::format("ADV{:+d}", offset);
  }
  static const std::map<std::string, std::string> names = {
      {"un", "UN"},           {"advl", "ADVL"},         {"advc", "ADVC"},
      {"mix", "MIX"},         {"transpose", "Transpose"}, {"bit_reverse", "Bit reverse"},
      {"bit_complement", "Bit complement"}, {"shuffle", "Shuffle"}, {"tornado", "Tornado"},
      {"neighbor", "Neighbor"}, {"random_permutation", "Random permutation"}, {"hotspot", "Hot spot"},
      {"zipf", "Zipf"}, {"trace", "Trace"}};
  const auto it = names.find(pattern);
  return it == names.end() ? pattern : it->second;
}

std::string key_display(const std::string& key) {
  for (const RoutingKey& k : routing_keys())  // a routing's keys are named in its entry
    if (k.spec.key == key && !k.label.empty()) return k.label;
  static const std::map<std::string, std::string> names = {
      {"routing.algorithm", "Routing"},           {"traffic.pattern", "Traffic"},
      {"traffic.offset", "ADV offset"},           {"traffic.load", "Offered load"},
      {"router.buffers.local", "local buffers"},
      {"router.buffers.global", "global buffers"}, {"router.buffers.injection", "injection buffers"},
      {"router.vcs.local", "local VCs"},          {"router.vcs.global", "global VCs"},
      {"router.vcs.injection", "injection VCs"},  {"router.speedup", "speed-up"},
      {"packet.size", "packet size"},             {"sim.seed", "seed"},
      {"topology.h", "h"},                        {"broadcast.mode", "broadcast"}};
  const auto it = names.find(key);
  if (it != names.end()) return it->second;
  std::string last = key.substr(key.rfind('.') + 1);
  for (char& c : last)
    if (c == '_') c = ' ';
  return last;
}

std::string value_display(const std::string& key, const std::string& value, const nlohmann::json& config) {
  if (key == "routing.algorithm") return routing_display(value, config);
  if (key == "traffic.pattern" || key == "traffic.offset") {
    const nlohmann::json& offset = at(config, "traffic.offset");
    const std::unique_ptr<Topology> topo = topology_of(config);
    const std::string pattern = key == "traffic.pattern" ? value : at(config, "traffic.pattern").is_string() ? at(config, "traffic.pattern").get<std::string>() : "adv";
    const long long off = key == "traffic.offset" ? std::stoll(value) : offset.is_number() ? offset.get<long long>() : 1;
    return pattern_display(pattern, off, topo ? topo->consecutive_domains() : 0);
  }
  if (key == "traffic.trace_file") return "trace " + std::filesystem::path(value).filename().string();  // not its directory
  for (const RoutingKey& k : routing_keys())  // a value a routing's entry names ("group" -> "UGAL-G")
    if (k.spec.key == key && k.value_label) return k.value_label(value);
  return key_display(key) + " = " + value;
}

std::string network_display(const nlohmann::json& config) {
  const std::unique_ptr<Topology> topo = topology_of(config);
  if (!topo) return "";
  return fmt::format("{}: {} routers, {} nodes", topo->title(), with_thousands(topo->routers()), with_thousands(topo->nodes()));
}

std::string traffic_display(const nlohmann::json& config, bool with_load) {
  const nlohmann::json& pattern = at(config, "traffic.pattern");
  if (!pattern.is_string()) return "";
  const std::unique_ptr<Topology> topo = topology_of(config);
  const int span = topo ? topo->consecutive_domains() : 0;
  const long long offset = at(config, "traffic.offset").is_number() ? at(config, "traffic.offset").get<long long>() : 0;
  std::string s = pattern_display(pattern.get<std::string>(), offset, span);
  const nlohmann::json& trace = at(config, "traffic.trace_file");
  if (pattern == "trace" && trace.is_string()) return s + " " + std::filesystem::path(trace.get<std::string>()).filename().string();  // no load
  const double load = at(config, "traffic.load").is_number() ? at(config, "traffic.load").get<double>() : -1;
  if (at(config, "traffic.change.at").is_number() && at(config, "traffic.change.at").get<long long>() >= 0) {
    const std::string after = at(config, "traffic.change.pattern").is_string() ? at(config, "traffic.change.pattern").get<std::string>() : "same";
    const long long after_offset = at(config, "traffic.change.offset").is_number() ? at(config, "traffic.change.offset").get<long long>() : 0;
    const std::string after_pattern = after == "same" ? pattern.get<std::string>() : after;
    std::string then = pattern_display(after_pattern, after_offset != 0 ? after_offset : offset, span);
    // Bursts of varying patterns (traffic.change.patterns): each, in turn.
    const nlohmann::json& bursts = at(config, "traffic.change.patterns");
    if (bursts.is_array() && !bursts.empty()) {
      then.clear();
      for (const nlohmann::json& b : bursts) {
        const std::string name = b.is_string() && b.get<std::string>() != "same" ? b.get<std::string>() : pattern.get<std::string>();
        then += (then.empty() ? "" : " / ") + pattern_display(name, after_offset != 0 ? after_offset : offset, span);
      }
    }
    if (then != s) s += " → " + then;
    const double after_load = at(config, "traffic.change.load").is_number() ? at(config, "traffic.change.load").get<double>() : -1;
    if (with_load && after_load >= 0 && after_load != load) return s + fmt::format(" at load {:g} → {:g}", load, after_load);
  }
  return with_load && load >= 0 ? s + fmt::format(" at load {:g}", load) : s;
}

}  // namespace hiradix
