#include "synth/report/power_model.h"

#include <filesystem>
#include <fstream>

#include "config/schema/config_error.h"
#include "synth/report/synth_report.h"

namespace hiradix {

namespace {

[[noreturn]] void fail(const std::string& why) { throw ConfigError("config error: power.report: " + why); }

double number(const nlohmann::json& j, const char* key, const std::string& path) {
  if (!j.contains(key) || !j[key].is_number() || j[key].get<double>() < 0)
    fail("'" + path + "' has no router energy " + key + " (a number >= 0; rerun hiradix synth without --blocks)");
  return j[key].get<double>();
}

}  // namespace

PowerModel load_power_model(const std::string& path, const nlohmann::json& expect) {
  if (std::filesystem::is_directory(path)) fail("'" + path + "' is a directory, not a synth.json file");
  std::ifstream in(path);
  if (!in) fail("cannot read '" + path + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    fail("'" + path + "' is not JSON: " + e.what());
  }
  const nlohmann::json params = j.value("params", nlohmann::json::object());
  const std::string mismatch = first_param_mismatch(params, expect);
  if (!mismatch.empty()) fail("'" + path + "' was made for " + mismatch + " (rerun hiradix synth with this config)");
  if (!j.contains("router") || !j["router"].is_object() || !j["router"].contains("energy_pj"))
    fail("'" + path + "' has no router.energy_pj (rerun hiradix synth without --blocks; OpenSTA must run)");
  const nlohmann::json& r = j["router"];
  const nlohmann::json& e = r["energy_pj"];
  PowerModel m;
  m.routing_decision = number(e, "routing_decision", path);
  m.allocation = number(e, "allocation", path);
  m.crossbar_traversal = number(e, "crossbar_traversal", path);
  m.buffer_write = number(e, "buffer_write", path);
  m.buffer_read = number(e, "buffer_read", path);
  m.leakage_mw = number(r, "leakage_mw", path);
  m.clock_ns = number(j, "clock_ns", path);
  m.source = path;
  m.liberty = params.value("liberty", std::string());
  return m;
}

}  // namespace hiradix
