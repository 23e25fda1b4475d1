#include "testbench/deadlock_check.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "testbench/child_process.h"

namespace hiradix {

namespace {

// The VCs of each link class of the config's topology, as the routing sees them: with band-based queues
// (router.queues bbq, dbbq) one band's, for a packet never leaves its band, so the bands are disjoint copies
// of one band's channel graph and deadlock-free exactly when it is.
std::vector<int> class_vcs(const Config& c) {
  std::vector<int> vcs;
  for (const LinkClassParams& p : c.links) vcs.push_back(p.vcs / c.router.bands.count);
  return vcs;
}

// What the analysis depends on: the network, the routing keys (resolved) and the VCs of each class.
std::string analysis_key(const Config& c) {
  const nlohmann::json& r = c.resolved;
  return r.value("topology", nlohmann::json()).dump() + r.value("routing", nlohmann::json()).dump() +
         nlohmann::json(class_vcs(c)).dump();
}

// The analysis runs in a child process: its graph (hundreds of MB for the Valiant family at h = 8) would
// otherwise leave this process's heap fragmented for the simulation child forked next, which then ran
// measurably slower (docs/benchmark.md, "Cost of issue 10's reshaped core").
DeadlockAnalysis analyse_in_child(const Config& config) {
  const nlohmann::json j = nlohmann::json::parse(compute_in_child([&config] {
    const std::unique_ptr<Topology> topo = make_topology(config);
    const std::unique_ptr<RoutingAlgorithm> routing = make_routing(config.routing, *topo);
    const DeadlockAnalysis a = analyse_deadlock(*topo, *routing, class_vcs(config), config.router.vns);
    return nlohmann::json{{"verdict", static_cast<int>(a.verdict)}, {"graph", a.graph}, {"cycle", a.cycle},
                          {"reason", a.reason}, {"channels", a.channels}, {"edges", a.edges}, {"seconds", a.seconds}}
        .dump();
  }));
  DeadlockAnalysis a;
  a.verdict = static_cast<DeadlockAnalysis::Verdict>(j.at("verdict").get<int>());
  a.graph = j.at("graph").get<std::string>();
  a.cycle = j.at("cycle").get<std::string>();
  a.reason = j.at("reason").get<std::string>();
  a.channels = j.at("channels").get<std::size_t>();
  a.edges = j.at("edges").get<std::size_t>();
  a.seconds = j.at("seconds").get<double>();
  return a;
}

}  // namespace

bool allow_deadlock(const Config& config) {
  return config.resolved.contains("sim") && config.resolved["sim"].value("allow_deadlock", std::string("false")) == "true";
}

const DeadlockAnalysis& deadlock_analysis(const Config& config) {
  static std::map<std::string, DeadlockAnalysis> cache;
  const std::string key = analysis_key(config);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, analyse_in_child(config)).first;
  return it->second;
}

void check_deadlock_freedom(const Config& config, std::ostream& warn) {
  const DeadlockAnalysis& a = deadlock_analysis(config);
  static std::set<std::string> warned;
  const auto warn_once = [&](const std::string& line) {
    if (warned.insert(analysis_key(config) + line).second) warn << "hiradix: warning: " << line << "\n";
  };
  if (a.verdict == DeadlockAnalysis::Verdict::kUnchecked) {
    warn_once("no deadlock check: " + a.reason);
    return;
  }
  if (a.verdict == DeadlockAnalysis::Verdict::kAcyclic) return;
  // The count-based VC reading is the one known cause; otherwise the routing itself.
  const std::string algorithm = config.routing.algorithm;
  const bool hop_count = config.routing.text("routing.vc_scheme") == "hop_count" && a.graph == "paths";
  const std::string what = hop_count ? "routing.vc_scheme: hop_count gives routing " + algorithm
                                     : "routing.algorithm: " + algorithm + " gives";
  const std::string network = make_topology(config)->describe();
  const std::string graph = a.graph == "paths" ? "channel dependency graph" : "escape-channel dependency graph";
  if (allow_deadlock(config)) {
    warn_once(what + " a cyclic " + graph + " on " + network +
              ", so it can deadlock (running anyway: sim.allow_deadlock is true); cycle: " + a.cycle);
    return;
  }
  throw ConfigError("config error: " + what + " a cyclic " + graph + " on " + network +
                    ", so it can deadlock (set sim.allow_deadlock: true to run it anyway); cycle: " + a.cycle);
}

}  // namespace hiradix
