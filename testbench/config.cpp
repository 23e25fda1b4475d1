#include "testbench/config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "router/routing/routing_registry.h"
#include "synth/synth_flow.h"
#include "router/rtl/rc_interface.h"
#include "testbench/config_limits.h"
#include "testbench/yaml_strict.h"

namespace hiradix {

[[noreturn]] void config_fail(const std::string& key, const std::string& why) {
  throw ConfigError("config error: " + key + ": " + why);
}

namespace {

constexpr double kBig = kUnbounded;

}  // namespace

const std::vector<KeySpec>& config_schema() {
  static const std::vector<KeySpec> schema = with_type_limits([] {
    std::vector<KeySpec> s = {
      {"topology.type", KeyType::kString, "dragonfly", 0, 0, {"dragonfly"}, "Topology: the canonical Dragonfly (G = a*h + 1 groups)."},
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, "Terminals per router; 0 = h (balanced, a = 2p = 2h)."},
      {"topology.a", KeyType::kInt, "0", 0, 64, {}, "Routers per group; 0 = 2h (balanced)."},
      {"topology.h", KeyType::kInt, "8", 1, 32, {}, "Global links per router (seed-003 Table I: 8, i.e. 16,512 nodes)."},
      {"topology.arrangement", KeyType::kString, "palmtree", 0, 0, {"palmtree", "consecutive"}, "Global link arrangement (seed-000 §2.2-2.3)."},
      {"links.local_latency", KeyType::kInt, "10", 1, kBig, {}, "Local link latency in cycles, for packets and credits (seed-003 Table I)."},
      {"links.global_latency", KeyType::kInt, "100", 1, kBig, {}, "Global link latency in cycles (seed-003 Table I)."},
      {"links.injection_latency", KeyType::kInt, "1", 1, kBig, {}, "NIC-to-router and router-to-NIC link latency in cycles (not in the seeds)."},
      {"router.latency.rc", KeyType::kInt, "1", 0, 1000, {}, "Routing computation stage, cycles, or auto: the routing unit's pipeline cycles from the synthesis report synth.report (blocks.routing_unit.cycles, made for the same p, a, h, arrangement and routing). RC+VA+SA+ST = 5, the router latency of seed-003 Table I. The next header of a VC starts RC once the previous head has passed SA (seed-000 Fig. 2-4), so long RC/VA/SA stages also limit a VC's packet rate."},
      {"router.latency.va", KeyType::kInt, "1", 0, 1000, {}, "VC allocation stage, cycles."},
      {"router.latency.sa", KeyType::kInt, "1", 0, 1000, {}, "Switch allocation stage, cycles."},
      {"router.latency.st", KeyType::kInt, "2", 0, 1000, {}, "Switch traversal stage (crossbar to output queue), cycles: a pure delay after the grant; put a long router latency here (FOGSim models it as a crossbar delay)."},
      {"router.speedup", KeyType::kFloat, "2.0", 1, 16, {}, "Internal crossbar speed-up in time, integer or fractional such as 1.5 (seed-003 Table I: 2x)."},
      {"router.allocator", KeyType::kString, "input_first", 0, 0, {"input_first", "output_first"}, "Separable switch allocator, round-robin arbiters that move only on a grant (iSLIP)."},
      {"router.input_pointer", KeyType::kString, "output_grant", 0, 0, {"output_grant", "own_grant"}, "When an input-first input arbiter moves its priority: only when the output also grants its choice (iSLIP, seed-000 §1.3 reading (a)), or whenever it chooses (b)."},
      {"router.switching", KeyType::kString, "vct", 0, 0, {"vct", "wormhole"}, "Switching: virtual cut-through (whole packets, credits for a whole packet; the seeds') or wormhole (flits of packet.flit phits, credits for one flit, a downstream VC held from head to tail)."},
      {"router.vcs.injection", KeyType::kInt, "1", 1, 32, {}, "VCs of injection ports (seed-000 Table 3-1: a single queue)."},
      {"router.vcs.local", KeyType::kInt, "0", 0, 32, {}, "VCs of local ports; 0 = the minimum the routing needs (MIN 2, Valiant lgl 4)."},
      {"router.vcs.global", KeyType::kInt, "0", 0, 32, {}, "VCs of global ports; 0 = the minimum the routing needs (MIN 1, Valiant 2)."},
      {"router.buffers.injection", KeyType::kInt, "32", 1, kBig, {}, "Input buffer per injection VC, phits."},
      {"router.buffers.local", KeyType::kInt, "32", 1, kBig, {}, "Input buffer per local VC, phits (seed-003 Table I)."},
      {"router.buffers.global", KeyType::kInt, "256", 1, kBig, {}, "Input buffer per global VC, phits (seed-003 Table I)."},
      {"router.output_queue", KeyType::kInt, "32", 1, kBig, {}, "Output queue per port, phits (seed-003 Table I)."},
      {"packet.size", KeyType::kInt, "8", 1, 4096, {}, "Packet size in phits (seed-003 Table I)."},
      {"packet.flit", KeyType::kInt, "1", 1, 4096, {}, "Wormhole only: flit size in phits (packet.size must be a multiple)."},
      {"nic.queue", KeyType::kInt, "5040", 1, kBig, {}, "Injection queue per terminal, phits (seed-000 Table 3-1: 126 KB); full queue = packet refused."},
      {"router.rc_mode", KeyType::kString, "model", 0, 0, {"model", "rtl", "lockstep"}, "Routing computation: the C++ model; the Verilated RTL routing unit (rtl/hiradix_routing_unit.v); or both in lockstep, every decision compared bit for bit (a mismatch stops the run, exit code 5)."},
      {"rtl.trace", KeyType::kString, "''", 0, 0, {}, "rtl/lockstep modes: FST waveform file of the routing unit's inputs and outputs at every decision (GTKWave); empty = none. Decision k of cycle c is at c ns + k ps. Window: trace.from/trace.to."},
      {"trace.router", KeyType::kInt, "-1", -1, kBig, {}, "Router whose pipeline activity (RC output port, SA bids, SA grants per input port) is written to trace.vcd; -1 = none."},
      {"trace.vcd", KeyType::kString, "stages.vcd", 0, 0, {}, "VCD file of trace.router's stage activity (GTKWave), 1 ns per cycle; '' = none."},
      {"trace.contention", KeyType::kString, "''", 0, 0, {}, "CSV file of trace.router's contention counters (seed-003 §1.3): a row per cycle in which one changed, with every output port's counter (columns T<i>, L<i>, G<i> by port class); '' = none. Window: trace.from/trace.to. Draw it with `hiradix plot --contention FILE`."},
      {"trace.from", KeyType::kInt, "0", 0, kBig, {}, "First cycle of the waveforms (trace.router, rtl.trace)."},
      {"trace.to", KeyType::kInt, "1000000000", 0, kBig, {}, "Last cycle of the waveforms."},
      {"rtl.inject_mismatch_at", KeyType::kInt, "0", 0, kBig, {}, "Checker self-test (lockstep): flip a bit of the model's n-th decision (1-based) so the run must stop with a mismatch; 0 = never."},
    };
    // The routing keys are defined next to the routings that read them (router/routing/routing_registry.h).
    for (const RoutingKey& k : routing_keys()) s.push_back(k.spec);
    s.insert(s.end(), {
      {"broadcast.mode", KeyType::kString, "auto", 0, 0, {"auto", "message", "piggyback", "free"}, "How ECtN/PB broadcasts use the local links: message (sent whole at the next packet boundary, delaying data), piggyback (sent only when the link would otherwise be idle: no data bandwidth, may wait), free (no link cost, as the ECtN paper assumed, §VI-B); auto = message for ectn, piggyback for pb (seed-000 §3.6: 'piggybacked on idle local channels')."},
      {"broadcast.phit_bits", KeyType::kInt, "80", 1, 4096, {}, "Bits per phit on a link: a broadcast of B bits occupies the link ceil(B / phit_bits) cycles (seed-003 §3.2: 10-byte phits)."},
      {"traffic.pattern", KeyType::kString, "un", 0, 0, {"un", "adv", "advl", "advc", "mix"}, "Traffic pattern (seed-000 §4.2)."},
      {"traffic.offset", KeyType::kInt, "1", -kBig, kBig, {}, "Group offset i of ADV+i (signed)."},
      {"traffic.load", KeyType::kFloat, "0.1", 0, 1, {}, "Offered load, phits/node/cycle (Bernoulli injection)."},
      {"traffic.mix", KeyType::kMix, "[]", 0, 0, {}, "For pattern mix: list of {pattern, offset, weight}; each terminal splits its load by weight."},
      {"traffic.change.at", KeyType::kInt, "-1", -1, kBig, {}, "Transient: cycle after warm-up at which traffic changes; -1 = never."},
      {"traffic.change.pattern", KeyType::kString, "same", 0, 0, {"same", "un", "adv", "advl", "advc", "mix"}, "Pattern after the change; same = unchanged."},
      {"traffic.change.offset", KeyType::kInt, "0", -kBig, kBig, {}, "ADV offset after the change; 0 = unchanged."},
      {"traffic.change.load", KeyType::kFloat, "-1", -1, 1, {}, "Load after the change; -1 = unchanged."},
      {"traffic.change.mix", KeyType::kMix, "[]", 0, 0, {}, "Mix after the change; empty = unchanged."},
      {"sim.warmup", KeyType::kInt, "60000", 0, kBig, {}, "Warm-up cycles (seed-000 §3.2.3: 60,000)."},
      {"sim.measure", KeyType::kInt, "60000", 1, kBig, {}, "Measurement cycles (seed-000 §3.2.3: 60,000)."},
      {"sim.seed", KeyType::kInt, "1", 0, kBig, {}, "Random seed; each router and NIC derives its own stream from it."},
      {"sim.watchdog", KeyType::kInt, "20000", 100, kBig, {}, "Cycles without any switch grant, while packets are in the network, that end the run with a deadlock report. A run uses at most a quarter of warm-up + measure (never less than the minimum), and a run that ends with packets in the network and no progress over that last stretch is a deadlock too."},
      {"sim.scheduling", KeyType::kString, "event", 0, 0, {"event", "poll"}, "event: routers run only in cycles where they have work; poll: every router with packets runs every cycle (a slow reference that must give identical results)."},
      {"stats.bin", KeyType::kInt, "100", 1, kBig, {}, "Width in cycles of the time-series bins reported for transients."},
      {"stats.before", KeyType::kInt, "1000", 0, kBig, {}, "Cycles before the change covered by the time series."},
      {"synth.clock_ns", KeyType::kFloat, "1.0", 0.01, 1000, {}, "hiradix synth: target clock period in ns (ABC's delay target; pipeline cycles = ceil(delay / clock))."},
      {"synth.liberty", KeyType::kString, "''", 0, 0, {}, "hiradix synth: liberty file of the standard cells; empty = OSU 0.18 um from qflow-tech-osu018."},
      {"synth.report", KeyType::kString, "''", 0, 0, {}, "synth.json written by hiradix synth for this network and routing; read when router.latency.rc is auto (path relative to the working directory)."},
    });
    return s;
  }());
  return schema;
}

namespace {

const KeySpec* find_key(const std::string& key) {
  for (const KeySpec& k : config_schema())
    if (k.key == key) return &k;
  return nullptr;
}

bool is_section(const std::string& prefix) {
  for (const KeySpec& k : config_schema())
    if (k.key.compare(0, prefix.size() + 1, prefix + ".") == 0) return true;
  return false;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

[[noreturn]] void unknown_key(const std::string& key) {
  const std::string near = suggest_key(key);
  config_fail(key, "unknown key" + (near.empty() ? std::string() : " (did you mean '" + near + "'?)"));
}

// Collects leaf values of a YAML document by dotted key.
void flatten(const YAML::Node& node, const std::string& prefix, std::map<std::string, YAML::Node>& out) {
  if (!node.IsMap()) config_fail(prefix.empty() ? "(top level)" : prefix, "expected a mapping of keys");
  for (const auto& item : node) {
    const std::string name = item.first.as<std::string>();
    const std::string key = prefix.empty() ? name : prefix + "." + name;
    const KeySpec* spec = find_key(key);
    if (spec) {
      out[key] = item.second;
    } else if (is_section(key)) {
      if (item.second.IsNull()) continue;
      flatten(item.second, key, out);
    } else {
      unknown_key(key);
    }
  }
}

std::int64_t to_int(const KeySpec& k, const YAML::Node& n) {
  if (!n.IsScalar()) config_fail(k.key, "expected an integer");
  const std::string text = n.Scalar();
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno) config_fail(k.key, "expected an integer, got '" + text + "'");
  if (v < k.min || v > k.max) {
    std::ostringstream s;
    s << "must be in [" << static_cast<long long>(k.min) << ", " << static_cast<long long>(k.max) << "], got " << v;
    config_fail(k.key, s.str());
  }
  return v;
}

double to_float(const KeySpec& k, const YAML::Node& n) {
  if (!n.IsScalar()) config_fail(k.key, "expected a number");
  const std::string text = n.Scalar();
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v)) config_fail(k.key, "expected a number, got '" + text + "'");
  if (v < k.min || v > k.max) {
    std::ostringstream s;
    s << "must be in [" << k.min << ", " << k.max << "], got " << v;
    config_fail(k.key, s.str());
  }
  return v;
}

std::string to_choice(const KeySpec& k, const YAML::Node& n) {
  if (!n.IsScalar()) config_fail(k.key, "expected one of: " + [&] {
    std::string s;
    for (const auto& c : k.choices) s += (s.empty() ? "" : ", ") + c;
    return s;
  }());
  const std::string v = n.Scalar();
  if (k.choices.empty()) return v;  // free text (a file name)
  if (std::find(k.choices.begin(), k.choices.end(), v) == k.choices.end()) {
    std::string s;
    for (const auto& c : k.choices) s += (s.empty() ? "" : ", ") + c;
    config_fail(k.key, "'" + v + "' is not one of: " + s);
  }
  return v;
}

std::vector<PatternComponent> to_mix(const KeySpec& k, const YAML::Node& n, nlohmann::json& resolved) {
  if (!n.IsSequence()) config_fail(k.key, "expected a list of {pattern, offset, weight}");
  std::vector<PatternComponent> mix;
  resolved = nlohmann::json::array();
  for (std::size_t i = 0; i < n.size(); ++i) {
    const std::string where = k.key + "[" + std::to_string(i) + "]";
    const YAML::Node& e = n[i];
    if (!e.IsMap()) config_fail(where, "expected a mapping {pattern, offset, weight}");
    PatternComponent c;
    std::string pattern = "un";
    for (const auto& kv : e) {
      const std::string f = kv.first.as<std::string>();
      if (f == "pattern") {
        pattern = to_choice({where + ".pattern", KeyType::kString, "", 0, 0, {"un", "adv", "advl", "advc"}, ""}, kv.second);
      } else if (f == "offset") {
        c.offset = static_cast<int>(to_int({where + ".offset", KeyType::kInt, "", -double(kMaxTrafficOffset), double(kMaxTrafficOffset), {}, ""}, kv.second));
      } else if (f == "weight") {
        c.weight = to_float({where + ".weight", KeyType::kFloat, "", 0, kBig, {}, ""}, kv.second);
      } else {
        config_fail(where + "." + f, "unknown field (expected pattern, offset or weight)");
      }
    }
    if (c.weight <= 0) config_fail(where + ".weight", "must be positive");
    c.kind = parse_pattern(pattern);
    mix.push_back(c);
    resolved.push_back({{"pattern", pattern}, {"offset", c.offset}, {"weight", c.weight}});
  }
  return mix;
}

void set_json(nlohmann::json& root, const std::string& key, nlohmann::json value) {
  nlohmann::json* node = &root;
  std::size_t start = 0;
  for (std::size_t dot; (dot = key.find('.', start)) != std::string::npos; start = dot + 1)
    node = &(*node)[key.substr(start, dot - start)];
  (*node)[key.substr(start)] = std::move(value);
}

// Speed-up as a fraction num/den with den <= 64.
void to_fraction(double s, int& num, int& den) {
  for (den = 1; den <= 64; ++den) {
    const double n = s * den;
    if (std::fabs(n - std::round(n)) < 1e-9) {
      num = static_cast<int>(std::round(n));
      return;
    }
  }
  config_fail("router.speedup", "must be a fraction with a denominator of at most 64 (e.g. 1.5, 1.25, 2)");
}

}  // namespace

std::string suggest_key(const std::string& unknown) {
  std::string best;
  std::size_t best_d = std::string::npos;
  const std::string tail = unknown.substr(unknown.rfind('.') == std::string::npos ? 0 : unknown.rfind('.') + 1);
  for (const KeySpec& k : config_schema()) {
    std::size_t d = edit_distance(unknown, k.key);
    const std::string ktail = k.key.substr(k.key.rfind('.') + 1);
    if (ktail == tail) d = std::min<std::size_t>(d, 1);  // right name, wrong section
    if (d < best_d) {
      best_d = d;
      best = k.key;
    }
  }
  return best_d <= std::max<std::size_t>(3, unknown.size() / 3) ? best : "";
}

std::pair<std::string, std::string> parse_override(const std::string& item) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("config error: --set " + item + ": expected key=value");
  return {item.substr(0, eq), item.substr(eq + 1)};
}

Config load_config(const std::string& path, const Overrides& overrides) {
  std::map<std::string, YAML::Node> given;
  if (!path.empty()) {
    const YAML::Node doc = load_yaml_file_strict(path);  // one document, no key twice, not empty
    if (!doc.IsNull()) flatten(doc, "", given);
  }
  for (const auto& [key, text] : overrides) {
    if (!find_key(key)) unknown_key(key);
    given[key] = parse_yaml_value_strict(key, text);
  }

  // Every key, given or default, typed and range-checked.
  Config c;
  std::map<std::string, YAML::Node> v;
  for (const KeySpec& k : config_schema()) {
    auto it = given.find(k.key);
    v[k.key] = it != given.end() ? it->second : YAML::Load(k.default_value);
    if (v[k.key].IsNull()) config_fail(k.key, "has no value");
  }
  // router.latency.rc: auto takes the routing unit's cycles from a synthesis report (resolved below, once
  // the network and routing are known); a placeholder passes the integer check meanwhile.
  const bool rc_auto = v["router.latency.rc"].IsScalar() && v["router.latency.rc"].Scalar() == "auto";
  if (rc_auto) v["router.latency.rc"] = YAML::Load("1");
  // Type and range of every key, used by this run or not: a bad value is an error either way.
  for (const KeySpec& k : config_schema()) {
    nlohmann::json unused;
    switch (k.type) {
      case KeyType::kInt: to_int(k, v[k.key]); break;
      case KeyType::kFloat: to_float(k, v[k.key]); break;
      case KeyType::kString: to_choice(k, v[k.key]); break;
      case KeyType::kMix: to_mix(k, v[k.key], unused); break;
    }
  }
  auto I = [&](const std::string& key) { return to_int(*find_key(key), v[key]); };
  auto F = [&](const std::string& key) { return to_float(*find_key(key), v[key]); };
  auto S = [&](const std::string& key) { return to_choice(*find_key(key), v[key]); };
  nlohmann::json& r = c.resolved;

  // Topology.
  c.h = static_cast<int>(I("topology.h"));
  c.p = static_cast<int>(I("topology.p"));
  c.a = static_cast<int>(I("topology.a"));
  if (c.p == 0) c.p = c.h;
  if (c.a == 0) c.a = 2 * c.h;
  c.arrangement = S("topology.arrangement") == "palmtree" ? Arrangement::kPalmtree : Arrangement::kConsecutive;
  const int radix = c.p + c.a - 1 + c.h;
  if (radix > 64)
    config_fail("topology.h", "router radix p + a - 1 + h = " + std::to_string(radix) + " exceeds the supported 64 ports");
  set_json(r, "topology.type", S("topology.type"));
  set_json(r, "topology.p", c.p);
  set_json(r, "topology.a", c.a);
  set_json(r, "topology.h", c.h);
  set_json(r, "topology.arrangement", S("topology.arrangement"));
  c.local_latency = static_cast<Cycle>(I("links.local_latency"));
  c.global_latency = static_cast<Cycle>(I("links.global_latency"));
  c.injection_latency = static_cast<Cycle>(I("links.injection_latency"));
  set_json(r, "links.local_latency", c.local_latency);
  set_json(r, "links.global_latency", c.global_latency);
  set_json(r, "links.injection_latency", c.injection_latency);

  // Router.
  RouterParams& rp = c.router;
  rp.rc_latency = static_cast<int>(I("router.latency.rc"));
  rp.va_latency = static_cast<int>(I("router.latency.va"));
  rp.sa_latency = static_cast<int>(I("router.latency.sa"));
  rp.st_latency = static_cast<int>(I("router.latency.st"));
  const double speedup = F("router.speedup");
  to_fraction(speedup, rp.speedup_num, rp.speedup_den);
  rp.allocator = S("router.allocator") == "input_first" ? AllocatorKind::kInputFirst : AllocatorKind::kOutputFirst;
  rp.input_pointer_on_output_grant = S("router.input_pointer") == "output_grant";
  rp.poll = S("sim.scheduling") == "poll";
  set_json(r, "sim.scheduling", S("sim.scheduling"));
  rp.packet_size = static_cast<int>(I("packet.size"));
  rp.wormhole = S("router.switching") == "wormhole";
  rp.flit_size = rp.wormhole ? static_cast<int>(I("packet.flit")) : rp.packet_size;
  if (rp.wormhole && rp.packet_size % rp.flit_size != 0)
    config_fail("packet.flit", "packet.size (" + std::to_string(rp.packet_size) + ") must be a multiple of the flit size; got " +
                            std::to_string(rp.flit_size));
  rp.output_queue_phits = static_cast<int>(I("router.output_queue"));
  for (const char* k : {"router.latency.rc", "router.latency.va", "router.latency.sa", "router.latency.st"})
    set_json(r, k, I(k));
  set_json(r, "router.speedup", speedup);
  set_json(r, "router.allocator", S("router.allocator"));
  set_json(r, "router.input_pointer", S("router.input_pointer"));
  set_json(r, "router.switching", S("router.switching"));
  set_json(r, "packet.size", rp.packet_size);
  set_json(r, "packet.flit", rp.flit_size);

  // Routing: every key of the registry, network-dependent defaults resolved (router/routing/routing_registry.h).
  c.routing.algorithm = S("routing.algorithm");
  for (const RoutingKey& k : routing_keys())
    c.routing.set(k.spec.key, k.spec.type == KeyType::kInt ? std::to_string(I(k.spec.key)) : S(k.spec.key));
  resolve_routing_options(c.routing, Dragonfly(c.p, c.a, c.h, c.arrangement));
  for (const RoutingKey& k : routing_keys()) {
    const std::string& key = k.spec.key;
    if (!k.used_by.empty() && c.routing.text(key) != k.spec.default_value &&
        std::find(k.used_by.begin(), k.used_by.end(), c.routing.algorithm) == k.used_by.end())
      config_fail(key, "is read only by routing.algorithm " + k.used_by.front() + "; routing.algorithm is " + c.routing.algorithm);
    if (k.spec.type == KeyType::kInt) set_json(r, key, c.routing.integer(key));
    else set_json(r, key, c.routing.text(key));
  }
  set_json(r, "broadcast.phit_bits", I("broadcast.phit_bits"));
  // The group broadcast of a routing that shares state over its group (router/group_broadcast.h).
  const Dragonfly probe(c.p, c.a, c.h, c.arrangement);
  const auto routing = make_routing(c.routing, probe);
  rp.broadcast.phit_bits = static_cast<int>(I("broadcast.phit_bits"));
  rp.broadcast.latency = c.local_latency;
  set_json(r, "broadcast.mode", S("broadcast.mode"));
  if (const auto needs = routing->broadcast_needs()) {
    const std::string mode = S("broadcast.mode");
    rp.broadcast.mode = mode == "auto"      ? needs->default_mode
                        : mode == "message" ? BroadcastMode::kMessage
                        : mode == "piggyback" ? BroadcastMode::kPiggyback
                                              : BroadcastMode::kFree;
    rp.broadcast.period = needs->period;
    rp.broadcast.entries = needs->entries;
    rp.broadcast.entry_bits = needs->entry_bits;
    // A message sent every period cycles that takes the link for `phits` of them in message mode would
    // leave no cycle for data if period <= phits.
    if (rp.broadcast.mode == BroadcastMode::kMessage && rp.broadcast.period <= static_cast<Cycle>(rp.broadcast.phits()))
      config_fail(needs->period_key, "a broadcast takes the local links " + std::to_string(rp.broadcast.phits()) +
                                         " cycles in message mode; the period must be longer or data never gets the link");
  }

  // Synthesis keys, and router.latency.rc: auto from the synthesis report.
  c.synth_clock_ns = F("synth.clock_ns");
  c.synth_liberty = S("synth.liberty");
  c.synth_report = S("synth.report");
  set_json(r, "synth.clock_ns", c.synth_clock_ns);
  set_json(r, "synth.liberty", c.synth_liberty);
  set_json(r, "synth.report", c.synth_report);
  if (rc_auto) {
    nlohmann::json expect = {
        {"p", c.p}, {"a", c.a}, {"h", c.h}, {"arrangement", S("topology.arrangement")},
        {"routing", {{"algorithm", c.routing.algorithm}, {"phase_a", c.routing.text("routing.phase_a")},
                     {"vc_scheme", c.routing.text("routing.vc_scheme")}, {"ugal_threshold", c.routing.integer("routing.ugal_threshold")}}}};
    if (c.routing.text("routing.ugal_info") != "local") expect["routing"]["ugal_info"] = c.routing.text("routing.ugal_info");
    rp.rc_latency = routing_unit_cycles(c.synth_report, expect);
    c.rc_latency_auto = true;
    set_json(r, "router.latency.rc", rp.rc_latency);
  }

  // Routing computation against the RTL: the network must fit the RTL's field widths.
  c.rc.mode = parse_rc_mode(S("router.rc_mode"));
  c.rc.trace_path = S("rtl.trace");
  c.rc.trace_from = static_cast<Cycle>(I("trace.from"));
  c.rc.trace_to = static_cast<Cycle>(I("trace.to"));
  if (c.rc.trace_to < c.rc.trace_from) config_fail("trace.to", "must not be before trace.from");
  c.trace_router = static_cast<int>(I("trace.router"));
  c.trace_vcd = S("trace.vcd");
  if (c.trace_router >= Dragonfly(c.p, c.a, c.h, c.arrangement).routers())
    config_fail("trace.router", "the network has only " + std::to_string(Dragonfly(c.p, c.a, c.h, c.arrangement).routers()) + " routers");
  c.trace_contention = S("trace.contention");
  if (c.trace_router >= 0 && c.trace_vcd.empty() && c.trace_contention.empty())
    config_fail("trace.router", "traces nothing: trace.vcd and trace.contention are both empty");
  if (c.trace_router < 0 && !c.trace_contention.empty()) config_fail("trace.contention", "needs trace.router: the router to trace");
  set_json(r, "trace.vcd", c.trace_vcd);
  set_json(r, "trace.contention", c.trace_contention);
  c.rc.inject_mismatch_at = static_cast<std::uint64_t>(I("rtl.inject_mismatch_at"));
  if (c.rc.mode != RcMode::kModel) {
    try {
      rc_config(c.routing, Dragonfly(c.p, c.a, c.h, c.arrangement));
    } catch (const std::invalid_argument& e) {
      config_fail("router.rc_mode", std::string("the RTL routing unit cannot run this network: ") + e.what());
    }
  }
  if (c.rc.inject_mismatch_at && c.rc.mode != RcMode::kLockstep)
    config_fail("rtl.inject_mismatch_at", "only a lockstep run compares decisions (set router.rc_mode: lockstep)");
  if (!c.rc.trace_path.empty() && c.rc.mode == RcMode::kModel)
    config_fail("rtl.trace", "traces the RTL routing unit: set router.rc_mode to rtl or lockstep");
  set_json(r, "router.rc_mode", S("router.rc_mode"));
  set_json(r, "rtl.trace", c.rc.trace_path);
  for (const char* k : {"trace.router", "trace.from", "trace.to", "rtl.inject_mismatch_at"}) set_json(r, k, I(k));

  // VCs: at least what the routing needs for deadlock freedom (its VC rule: routing->vc_rule()).
  const VcRequirement need = routing->vcs_needed();
  const bool in_transit = routing->reroutes_blocked_heads();
  const std::string who = c.routing.algorithm != "min" && !in_transit
                              ? c.routing.algorithm + " with phase_a " + c.routing.text("routing.phase_a")
                              : c.routing.algorithm;
  const std::string why = routing->vc_rule();
  auto vcs = [&](const char* key, int needed, const char* cls) {
    const int given_vcs = static_cast<int>(I(key));
    if (given_vcs == 0) return needed;
    if (given_vcs < needed)
      config_fail(key, who + " needs at least " + std::to_string(needed) + " " + cls + " VCs for deadlock freedom (" + why +
                    "); got " + std::to_string(given_vcs));
    return given_vcs;
  };
  c.vcs_local = vcs("router.vcs.local", need[1], "local");
  c.vcs_global = vcs("router.vcs.global", need[2], "global");
  c.vcs_injection = static_cast<int>(I("router.vcs.injection"));
  set_json(r, "router.vcs.injection", c.vcs_injection);
  set_json(r, "router.vcs.local", c.vcs_local);
  set_json(r, "router.vcs.global", c.vcs_global);

  // Buffers hold whole flits: a whole packet under virtual cut-through, one flit under wormhole.
  auto at_least = [&](const char* key, int phits_needed, const char* what) {
    const int phits = static_cast<int>(I(key));
    if (phits < phits_needed)
      config_fail(key, std::string("must hold at least ") + what + " (" + std::to_string(phits_needed) + " phits); got " +
                    std::to_string(phits));
    set_json(r, key, phits);
    return phits;
  };
  const char* unit = rp.wormhole ? "one flit" : "one packet for virtual cut-through";
  c.buffer_injection = at_least("router.buffers.injection", rp.flit_size, unit);
  c.buffer_local = at_least("router.buffers.local", rp.flit_size, unit);
  c.buffer_global = at_least("router.buffers.global", rp.flit_size, unit);
  at_least("router.output_queue", rp.flit_size, unit);
  c.nic_queue = at_least("nic.queue", rp.packet_size, "one packet");

  // Traffic.
  const int groups = c.a * c.h + 1;
  auto phase = [&](const std::string& pattern, int offset, double load, const YAML::Node& mix_node,
                   const char* mix_key, const char* pattern_key, const char* offset_key) {
    TrafficPhase ph;
    ph.load = load;
    if (pattern == "mix") {
      nlohmann::json mix_json;
      ph.components = to_mix(*find_key(mix_key), mix_node, mix_json);
      if (ph.components.empty()) config_fail(mix_key, "pattern mix needs a non-empty list of {pattern, offset, weight}");
    } else {
      PatternComponent comp;
      comp.kind = parse_pattern(pattern);
      comp.offset = offset;
      ph.components.push_back(comp);
    }
    for (const PatternComponent& comp : ph.components) {
      if (comp.kind == PatternKind::kAdversarial && ((comp.offset % groups) + groups) % groups == 0)
        config_fail(pattern == "mix" ? mix_key : offset_key,
             "ADV+" + std::to_string(comp.offset) + " targets the source group itself (G = " + std::to_string(groups) + ")");
      if (comp.kind == PatternKind::kAdvLocal && c.a < 2) config_fail(pattern_key, "advl needs at least 2 routers per group");
    }
    return ph;
  };
  const std::string pattern = S("traffic.pattern");
  const int offset = static_cast<int>(I("traffic.offset"));
  const double load = F("traffic.load");
  c.traffic.initial = phase(pattern, offset, load, v["traffic.mix"], "traffic.mix", "traffic.pattern", "traffic.offset");
  set_json(r, "traffic.pattern", pattern);
  set_json(r, "traffic.offset", offset);
  set_json(r, "traffic.load", load);
  {
    nlohmann::json mj = nlohmann::json::array();
    if (pattern == "mix") to_mix(*find_key("traffic.mix"), v["traffic.mix"], mj);
    set_json(r, "traffic.mix", mj);
  }
  c.change_after_warmup = I("traffic.change.at");
  set_json(r, "traffic.change.at", c.change_after_warmup);
  if (c.change_after_warmup >= 0) {
    std::string p2 = S("traffic.change.pattern");
    if (p2 == "same") p2 = pattern;
    int o2 = static_cast<int>(I("traffic.change.offset"));
    if (o2 == 0) o2 = offset;
    double l2 = F("traffic.change.load");
    if (l2 < 0) l2 = load;
    YAML::Node m2 = v["traffic.change.mix"];
    if (m2.size() == 0) m2 = v["traffic.mix"];
    c.traffic.has_change = true;
    c.traffic.after = phase(p2, o2, l2, m2, "traffic.change.mix", "traffic.change.pattern", "traffic.change.offset");
    set_json(r, "traffic.change.pattern", p2);
    set_json(r, "traffic.change.offset", o2);
    set_json(r, "traffic.change.load", l2);
  }

  // Simulation.
  c.warmup = static_cast<Cycle>(I("sim.warmup"));
  c.measure = static_cast<Cycle>(I("sim.measure"));
  c.seed = static_cast<std::uint64_t>(I("sim.seed"));
  c.watchdog = static_cast<Cycle>(I("sim.watchdog"));
  c.bin = static_cast<Cycle>(I("stats.bin"));
  c.bins_before = static_cast<Cycle>(I("stats.before"));
  if (c.change_after_warmup >= 0) c.traffic.change_at = c.warmup + static_cast<Cycle>(c.change_after_warmup);
  if (c.change_after_warmup >= static_cast<std::int64_t>(c.measure))
    config_fail("traffic.change.at", "must fall inside the measurement window (< sim.measure = " + std::to_string(c.measure) + ")");
  // A packet may legitimately wait a credit round trip on the longest link without any grant anywhere.
  const Cycle longest = std::max({c.local_latency, c.global_latency, c.injection_latency});
  const Cycle quiet = 2 * longest + static_cast<Cycle>(rp.rc_latency + rp.va_latency + rp.sa_latency + rp.st_latency + 2 * rp.packet_size);
  if (c.watchdog <= quiet)
    config_fail("sim.watchdog", "must exceed " + std::to_string(quiet) +
                             " cycles (a credit round trip on the longest link plus a router and two packets), or a healthy network "
                             "could be taken for a stalled one; got " + std::to_string(c.watchdog));
  for (const char* k : {"sim.warmup", "sim.measure", "sim.seed", "sim.watchdog", "stats.bin", "stats.before"})
    set_json(r, k, I(k));
  c.watchdog = effective_watchdog(c.watchdog, quiet, c.warmup + c.measure);  // a stall must be seen within the run
  return c;
}

std::vector<LinkClassParams> Config::link_classes() const {
  // The Dragonfly's classes: terminal (injection), local, global.
  return {{injection_latency, vcs_injection, buffer_injection},
          {local_latency, vcs_local, buffer_local},
          {global_latency, vcs_global, buffer_global}};
}

std::unique_ptr<Topology> make_topology(const Config& c) { return std::make_unique<Dragonfly>(c.p, c.a, c.h, c.arrangement); }

std::string config_reference_markdown() {
  std::ostringstream s;
  s << "| key | default | allowed | meaning |\n|---|---|---|---|\n";
  for (const KeySpec& k : config_schema()) {
    std::string allowed;
    if (k.type == KeyType::kString) {
      for (const auto& c : k.choices) allowed += (allowed.empty() ? "" : ", ") + std::string("`") + c + "`";
    } else if (k.type == KeyType::kMix) {
      allowed = "list";
    } else {
      std::ostringstream a;
      a << (k.type == KeyType::kInt ? "integer" : "number");
      auto bound = [&](double x) {
        std::ostringstream o;
        if (k.type == KeyType::kInt) o << static_cast<long long>(x); else o << x;
        return o.str();
      };
      if (k.min > -kBig) a << " ≥ " << bound(k.min);
      if (k.max < kBig) a << ", ≤ " << bound(k.max);
      allowed = a.str();
    }
    s << "| `" << k.key << "` | `" << k.default_value << "` | " << allowed << " | " << k.doc << " |\n";
  }
  return s.str();
}

}  // namespace hiradix
