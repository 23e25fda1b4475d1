// What a SystemC user sees of a router: its stage sub-modules and link sockets in the hierarchy, and their
// state in a waveform written by SystemC's own VCD writer (Router::trace).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "sim_helpers.h"
#include "testbench/network.h"

namespace hiradix {
namespace {

std::set<std::string> child_names(const sc_core::sc_object& parent) {
  std::set<std::string> names;
  for (const sc_core::sc_object* c : parent.get_child_objects()) names.insert(c->basename());
  return names;
}

TEST(SystemCFace, RouterShowsItsStagesAndLinkSocketsInTheHierarchy) {
  const std::string err = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}});
    Network net("net", c);
    const Router& r = net.router(0);
    if (std::string(r.name()) != "net.router_0") return std::string("router named ") + r.name();
    const std::set<std::string> stages = child_names(r);
    for (const char* s : {"input_unit", "rc", "va", "sa", "st", "output_unit"})
      if (!stages.count(s)) return std::string("no stage ") + s;
    // Every port's link ends are sockets of the input and output units (h = 2: 2 + 3 + 2 ports).
    int in_sockets = 0, out_sockets = 0;
    for (const sc_core::sc_object* unit : r.get_child_objects())
      for (const sc_core::sc_object* c : unit->get_child_objects()) {
        const std::string n = c->basename();
        in_sockets += std::regex_match(n, std::regex("in_[0-9]+"));  // not the sockets' inner ports
        out_sockets += std::regex_match(n, std::regex("out_[0-9]+"));
      }
    if (in_sockets != r.radix() || out_sockets != r.radix())
      return "sockets: " + std::to_string(in_sockets) + " in, " + std::to_string(out_sockets) + " out";
    return "";
  });
  EXPECT_EQ(err, "");
}

// The VCD SystemC writes of router 0's traced state under uniform traffic: RC's decision count rises, and
// every credit counter stays within [0, its VC's depth] and starts at the depth.
TEST(SystemCFace, StageStateTracesIntoASystemCWaveform) {
  test::TempDir dir;
  const std::string base = dir.file("router0");
  const std::string err = test::in_child([&]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}, {"traffic.load", "0.5"}});
    Network net("net", c);
    sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(base.c_str());
    net.router(0).trace(tf);
    sc_core::sc_start(cycles_to_time(400));
    sc_core::sc_close_vcd_trace_file(tf);
    return "";
  });
  ASSERT_EQ(err, "");
  std::ifstream in(base + ".vcd");
  ASSERT_TRUE(in) << "no " << base << ".vcd";
  // Header: "$var wire WIDTH ID NAME $end"; body: "bVALUE ID" or "VALUEID" for one bit.
  std::map<std::string, std::string> name_of;
  std::map<std::string, std::vector<long long>> values;
  const std::regex var(R"(\$var\s+\w+\s+\d+\s+(\S+)\s+(\S+))");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, var)) name_of[m[1]] = m[2];
    else if (line.size() > 1 && line[0] == 'b') {
      const std::size_t sp = line.find(' ');
      const std::string bits = line.substr(1, sp - 1);
      values[line.substr(sp + 1)].push_back(std::stoll(bits, nullptr, 2));
    }
  }
  std::set<std::string> names;
  for (const auto& [id, n] : name_of) names.insert(n);
  for (const char* n : {"decisions", "out_port", "out_vc", "in_ptr_0", "in_free_0", "queued_0", "credits_2_0", "flits_2_0"})
    EXPECT_TRUE(names.count(n)) << n << " not traced";
  int credit_vars = 0;
  for (const auto& [id, n] : name_of) {
    const std::vector<long long>& v = values[id];
    if (n == "decisions") {
      ASSERT_GT(v.size(), 10u) << "RC decided too rarely";
      for (std::size_t i = 1; i < v.size(); ++i) EXPECT_GT(v[i], v[i - 1]);
    }
    if (n.rfind("credits_", 0) == 0) {
      ++credit_vars;
      ASSERT_FALSE(v.empty());
      const long long depth = v.front();  // 32 (local) or 256 (global) phits at the start
      EXPECT_TRUE(depth == 32 || depth == 256) << n << " starts at " << depth;
      for (long long x : v) EXPECT_TRUE(x >= 0 && x <= depth) << n << " = " << x;
    }
  }
  EXPECT_GT(credit_vars, 0);
}

}  // namespace
}  // namespace hiradix
