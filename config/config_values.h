// Inside load_config (not for other users): the value of every schema key of one load (given or default),
// read as its type, and the resolved config being written; the readers of its sections
// (config_sections.cpp), in the order load_config calls them.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "config/config.h"

namespace hiradix {
namespace config_detail {

const KeySpec* find_key(const std::string& key);
std::int64_t to_int(const KeySpec& k, const YAML::Node& n);
double to_float(const KeySpec& k, const YAML::Node& n);
std::string to_choice(const KeySpec& k, const YAML::Node& n);
// A KeyType::kIntList value: a non-empty YAML sequence of integers, each in [k.min, k.max].
std::vector<long long> to_int_list(const KeySpec& k, const YAML::Node& n);
// A KeyType::kStringList value: a YAML sequence, maybe empty, of names each one of k.choices; a bad element
// is an error naming key[index].
std::vector<std::string> to_string_list(const KeySpec& k, const YAML::Node& n);
// A traffic.mix list; its resolved form is appended to `resolved`.
std::vector<PatternComponent> to_mix(const KeySpec& k, const YAML::Node& n, nlohmann::json& resolved);
void set_json(nlohmann::json& root, const std::string& key, nlohmann::json value);  // by dotted key
void to_fraction(double s, int& num, int& den);  // router.speedup as num/den, den <= 64

}  // namespace config_detail

class ConfigValues {
 public:
  explicit ConfigValues(nlohmann::json& resolved) : resolved_(resolved) {}
  std::map<std::string, YAML::Node> values;  // every schema key
  std::int64_t I(const std::string& key) { return config_detail::to_int(*config_detail::find_key(key), values[key]); }
  double F(const std::string& key) { return config_detail::to_float(*config_detail::find_key(key), values[key]); }
  std::string S(const std::string& key) { return config_detail::to_choice(*config_detail::find_key(key), values[key]); }
  std::vector<long long> L(const std::string& key) { return config_detail::to_int_list(*config_detail::find_key(key), values[key]); }
  std::vector<std::string> SL(const std::string& key) { return config_detail::to_string_list(*config_detail::find_key(key), values[key]); }
  const YAML::Node& node(const std::string& key) { return values[key]; }
  // Records a key's resolved value (what result.json and `hiradix config` show).
  void set(const std::string& key, nlohmann::json value) { config_detail::set_json(resolved_, key, std::move(value)); }

 private:
  nlohmann::json& resolved_;
};

std::unique_ptr<Topology> read_topology(ConfigValues& v, Config& c);
void read_router(ConfigValues& v, Config& c);
std::unique_ptr<RoutingAlgorithm> read_routing(ConfigValues& v, Config& c, const Topology& topo);
void read_synthesis(ConfigValues& v, Config& c, const Topology& topo, bool rc_auto);
void read_rtl_and_traces(ConfigValues& v, Config& c, const Topology& topo);
void read_vcs_and_buffers(ConfigValues& v, Config& c, const RoutingAlgorithm& routing, const Topology& topo);
// The queue scheme (config_queues.cpp): router.queues and router.bands into `rp`, read by read_router;
// why `routing` cannot decide in VNs or band-based queues (`what`), or ""; the band map of the network,
// and the checks of per-output VOQs, read by read_vcs_and_buffers.
void read_queue_scheme(ConfigValues& v, RouterParams& rp);
std::string vc_translation_refusal(const RoutingAlgorithm& routing, const RoutingOptions& options, const std::string& what);
void read_bands(Config& c, const RoutingAlgorithm& routing, const Topology& topo);
void check_voq_switch(const Config& c, const RoutingAlgorithm& routing);
// router.pause.*: each link class's pause headroom and hysteresis, checked against its latency and buffers.
void read_pause(ConfigValues& v, Config& c, const Topology& topo);
// qcn.* and units.* (config_qcn.cpp), into c.qcn; and the VCs CNMs take on each link class (0 without QCN).
void read_qcn(ConfigValues& v, Config& c, const RoutingAlgorithm& routing, const Topology& topo);
VcRequirement cnm_vcs(const Config& c, const Topology& topo);
void read_power(ConfigValues& v, Config& c, const Topology& topo);
void read_traffic(ConfigValues& v, Config& c, const Topology& topo);
void read_simulation(ConfigValues& v, Config& c, const Topology& topo, const RoutingAlgorithm& routing);

}  // namespace hiradix
