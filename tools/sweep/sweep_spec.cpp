// The sweep's specification: `--vary` specs and sweep definition files (`--plan`).
#include <cmath>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "tools/sweep/sweep.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool parse_number(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && std::isfinite(out);
}

}  // namespace

VarySpec parse_vary(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0)
    config_fail("--vary " + spec, "expected key=v1,v2,... or key=start:stop:step");
  VarySpec v;
  v.key = spec.substr(0, eq);
  const std::string rest = spec.substr(eq + 1);
  const std::string what = "--vary " + v.key;
  if (rest.empty()) config_fail(what, "no values (expected v1,v2,... or start:stop:step)");
  if (rest.find(':') != std::string::npos && rest.find(',') == std::string::npos) {
    std::vector<std::string> parts;
    std::stringstream s(rest);
    for (std::string item; std::getline(s, item, ':');) parts.push_back(item);
    if (rest.back() == ':') parts.push_back("");
    double a, b, step;
    if (parts.size() != 3) config_fail(what, "a range is start:stop:step, got '" + rest + "'");
    if (!parse_number(parts[0], a)) config_fail(what, "range start '" + parts[0] + "' is not a number");
    if (!parse_number(parts[1], b)) config_fail(what, "range stop '" + parts[1] + "' is not a number");
    if (!parse_number(parts[2], step)) config_fail(what, "range step '" + parts[2] + "' is not a number");
    if (step == 0) config_fail(what, "range step is 0");
    if (step < 0) config_fail(what, "range step is negative (use start < stop and a positive step)");
    if (b < a) config_fail(what, "empty range: stop " + parts[1] + " is below start " + parts[0]);
    const double count = std::floor((b - a) / step + 1e-9) + 1;
    if (count > 100000) config_fail(what, "more than 100000 values");
    // Each value from start + i*step (not by accumulation), printed with 10 significant digits so that
    // 0.1 + 2*0.1 reads 0.3.
    for (long i = 0; i < static_cast<long>(count); ++i) v.values.push_back(fmt::format("{:.10g}", a + static_cast<double>(i) * step));
  } else {
    std::stringstream s(rest);
    for (std::string item; std::getline(s, item, ',');) {
      if (item.empty()) config_fail(what, "empty value in the list '" + rest + "'");
      v.values.push_back(item);
    }
    if (rest.back() == ',') config_fail(what, "empty value in the list '" + rest + "'");
  }
  return v;
}

namespace {

// The input files a plan names (a trace) are found beside the plan, as its config is, so that a plan runs
// from any directory; an absolute path or an empty value stays as it is.
std::string beside_plan(const std::string& plan, const std::string& key, const std::string& value) {
  if (key != "traffic.trace_file" || value.empty() || fs::path(value).is_absolute()) return value;
  return (fs::path(plan).parent_path() / value).lexically_normal().string();
}

}  // namespace

void load_sweep_file(const std::string& path, SweepOptions& opt) {
  YAML::Node doc;
  try {
    doc = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    config_fail("--plan " + path, "cannot read the file");
  } catch (const YAML::Exception& e) {
    config_fail("--plan " + path, fmt::format("line {}: {}", e.mark.line + 1, e.msg));
  }
  if (!doc.IsMap()) config_fail("--plan " + path, "expected a mapping with config, set, vary, seeds");
  for (const auto& kv : doc) {
    const std::string k = kv.first.as<std::string>();
    if (k != "config" && k != "set" && k != "vary" && k != "seeds" && k != "description")
      config_fail("--plan " + path, "unknown field '" + k + "' (expected config, set, vary, seeds, description)");
  }
  if (doc["config"]) {
    const fs::path c = doc["config"].as<std::string>();
    opt.config_path = (c.is_absolute() ? c : fs::path(path).parent_path() / c).lexically_normal().string();
  }
  Overrides file_set;
  if (const YAML::Node s = doc["set"]) {
    if (!s.IsMap()) config_fail("--plan " + path, "set: expected a mapping key: value");
    for (const auto& kv : s) {
      const std::string key = kv.first.as<std::string>();
      file_set.emplace_back(key, beside_plan(path, key, kv.second.as<std::string>()));
    }
  }
  opt.base.insert(opt.base.begin(), file_set.begin(), file_set.end());
  std::vector<VarySpec> file_vary;
  if (const YAML::Node v = doc["vary"]) {
    if (!v.IsSequence()) config_fail("--plan " + path, "vary: expected a list of key=v1,v2,... or key=start:stop:step");
    for (const auto& item : v) {
      file_vary.push_back(parse_vary(item.as<std::string>()));
      for (std::string& value : file_vary.back().values) value = beside_plan(path, file_vary.back().key, value);
    }
  }
  opt.vary.insert(opt.vary.begin(), file_vary.begin(), file_vary.end());
  if (doc["seeds"]) opt.seeds = doc["seeds"].as<int>();
}


}  // namespace hiradix
