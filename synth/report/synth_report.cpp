#include "synth/report/synth_report.h"

#include <filesystem>
#include <fstream>

#include "config/schema/config_error.h"

namespace hiradix {

int routing_unit_cycles(const std::string& path, const nlohmann::json& expect) {
  if (path.empty())
    throw ConfigError("config error: router.latency.rc: auto needs synth.report (a synth.json written by hiradix synth)");
  if (std::filesystem::is_directory(path))  // an ifstream opens a directory and fails only when read
    throw ConfigError("config error: synth.report: '" + path + "' is a directory, not a synth.json file");
  std::ifstream in(path);
  if (!in) throw ConfigError("config error: synth.report: cannot read '" + path + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError("config error: synth.report: '" + path + "' is not JSON: " + e.what());
  }
  const nlohmann::json* b = nullptr;
  if (j.contains("blocks") && j["blocks"].contains("routing_unit")) b = &j["blocks"]["routing_unit"];
  if (!b || !b->contains("cycles") || !(*b)["cycles"].is_number_integer() || (*b)["cycles"].get<int>() < 1)
    throw ConfigError("config error: synth.report: '" + path + "' has no blocks.routing_unit.cycles (a positive integer)");
  const std::string mismatch = first_param_mismatch(j.value("params", nlohmann::json::object()), expect);
  if (!mismatch.empty())
    throw ConfigError("config error: synth.report: '" + path + "' was made for " + mismatch + " (rerun hiradix synth with this config)");
  return (*b)["cycles"].get<int>();
}

namespace {
// Under params.routing, a constant the report lacks is one the routing unit gained after the report was
// made, with a routing added since (each routing's fields join the unit with it: router/routing/*_rtl.h),
// so the report's routing does not read it: not a mismatch. A report keeps matching as routings are added.
std::string first_mismatch(const nlohmann::json& params, const nlohmann::json& expect, bool unit_constants) {
  for (const auto& [key, want] : expect.items()) {
    if (unit_constants && params.is_object() && !params.contains(key)) continue;
    const nlohmann::json have = params.is_object() ? params.value(key, nlohmann::json()) : nlohmann::json();
    if (have == want) continue;
    if (want.is_object() && have.is_object()) {
      const std::string inner = first_mismatch(have, want, key == "routing");
      if (!inner.empty()) return key + "." + inner;
      // Only the report has more entries: name the first one this config does not have.
      for (const auto& [k, v] : have.items())
        if (!want.contains(k)) return key + "." + k + " = " + v.dump() + ", this config has none";
      continue;  // only constants the report predates differ
    }
    return key + " = " + have.dump() + ", this config has " + want.dump();
  }
  return "";
}
}  // namespace

std::string first_param_mismatch(const nlohmann::json& params, const nlohmann::json& expect) {
  return first_mismatch(params, expect, false);
}

}  // namespace hiradix
