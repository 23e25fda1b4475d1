#include "synth/synth_router.h"

#include <algorithm>
#include <iomanip>
#include <memory>
#include <sstream>

#include "router/rtl/state_block_wrapper.h"
#include "synth/synth_block.h"

namespace hiradix {

using nlohmann::json;
using namespace synth_detail;

namespace {

// 6T SRAM bit cell of a 180 nm logic process: 5.59 um^2 (Intel's 180 nm generation, S. Yang et al., "A
// high performance 180 nm generation logic technology", IEDM 1998), scaled by (node / 180)^2 for another
// synth.node_nm; divided by an assumed array efficiency of 70 % (decoders, sense amplifiers, column
// circuits). An estimate, not synthesized (docs/synthesis.md).
constexpr double kSramCellUm2At180 = 5.59;
constexpr double kSramArrayEfficiency = 0.70;

// What the configured routing adds to a router besides its routing units (the routing is built once).
struct RoutingHardware {
  std::string algorithm;
  std::vector<std::string> state_blocks;  // its state blocks (RoutingAlgorithm::rtl_state_blocks)
  int table_reads = 0;                    // the forwarding table's read ports (RoutingAlgorithm::rtl_table_reads)
  bool reads_counters = false;            // its decisions read the contention counters (seed-003 §1.3-1.5)
  bool bands = false;                     // band-based queues: a queue select beside each input's unit
  bool per_destination = false;           // voq_net: the destination is the queue index, no select
};

RoutingHardware routing_hardware(const Config& c) {
  const std::unique_ptr<Topology> network = make_topology(c);  // the routing keeps a reference to it
  const std::unique_ptr<RoutingAlgorithm> r = make_routing(c.routing, *network);
  return {c.routing.algorithm, r->rtl_state_blocks(), r->rtl_table_reads(), r->reads_contention_counters(),
          c.router.bands.banded() && !c.router.bands.per_destination, c.router.bands.per_destination};
}

// The synthesized state block that holds the contention counters, if any.
std::string counters_holder(const json& blocks) {
  for (const std::string& name : synthesizable_state_blocks())
    if (blocks.contains(name) && state_block_holds_contention_counters(name)) return name;
  return "";
}

// How many copies of `block` one router has, and why.
std::pair<int, std::string> count_of(const std::string& block, const json& blocks, const Geometry& g, const RoutingHardware& hw) {
  const std::string& algorithm = hw.algorithm;
  const std::vector<std::string>& state = hw.state_blocks;
  if (block == "routing_unit") return {g.radix, "one per input port"};
  if (block == "allocator" || block == "crossbar" || block == "lfsr") return {1, "one per router"};
  if (block == "contention_counters") {
    if (!hw.reads_counters) return {0, algorithm + " does not read contention counters"};
    if (const std::string holder = counters_holder(blocks); !holder.empty()) return {0, "inside " + holder};
    return {1, "one per router"};
  }
  if (block == "forwarding_table") {
    if (hw.table_reads == 0) return {0, algorithm + " reads no forwarding table"};
    return {1, "one per router, " + std::to_string(hw.table_reads) + " read port(s)"};
  }
  if (block == "queue_select") {  // router.queues bbq / dbbq: in each input's VA, beside its routing unit
    if (hw.per_destination) return {0, "router.queues voq_net: the destination is the queue index"};
    if (!hw.bands) return {0, "router.queues vc selects no queue"};
    return {g.radix, "one per input port"};
  }
  if (block == "vn_select") return {0, "at the source NIC, not in the router"};
  if (std::find(state.begin(), state.end(), block) != state.end()) return {1, "the routing's state"};
  if (block == "buffer_row" || block == "buffer_read") return {0, "costing piece of the buffers (below)"};
  return {0, "not used by " + algorithm};
}

double area(const json& blocks, const char* name) { return blocks[name]["area_um2"].get<double>(); }
double energy(const json& blocks, const char* name) { return blocks[name]["power"]["energy_pj"].get<double>(); }
bool has_power(const json& b) { return b.contains("power") && b["power"].contains("energy_pj"); }

json buffers_json(const json& blocks, const Geometry& g, double node_nm) {
  // Entries (rows of phit_bits flip-flops): every input VC's depth, and every output queue.
  const long long in_rows = 1LL * g.p * g.vi * g.bi + 1LL * (g.a - 1) * g.vl * g.bl + 1LL * g.h * g.vg * g.bg;
  const long long out_rows = 1LL * g.radix * g.output_queue;
  const double row_area = area(blocks, "buffer_row");
  const double cell = kSramCellUm2At180 * (node_nm / 180.0) * (node_nm / 180.0);
  auto part = [&](long long rows) {
    const long long bits = rows * g.phit_bits;
    return json{{"rows", rows}, {"bits", bits}, {"flip_flop_um2", static_cast<double>(rows) * row_area},
                {"sram_um2", static_cast<double>(bits) * cell / kSramArrayEfficiency}};
  };
  return {{"input", part(in_rows)}, {"output", part(out_rows)}, {"phit_bits", g.phit_bits},
          {"sram_cell_um2", cell}, {"sram_array_efficiency", kSramArrayEfficiency}};
}

}  // namespace

std::vector<std::string> routing_state_blocks(const Config& c) { return routing_hardware(c).state_blocks; }

int routing_table_reads(const Config& c) { return routing_hardware(c).table_reads; }

json router_summary(const json& report, const Config& c) {
  const json& blocks = report["blocks"];
  const RoutingHardware hw = routing_hardware(c);
  std::vector<std::string> needed = {"routing_unit", "allocator", "crossbar", "lfsr", "buffer_row"};
  for (const std::string& s : hw.state_blocks) needed.push_back(s);
  if (hw.table_reads > 0) needed.push_back("forwarding_table");
  if (hw.bands) needed.push_back("queue_select");
  if (hw.reads_counters && counters_holder(blocks).empty()) needed.push_back("contention_counters");
  for (const std::string& n : needed)
    if (!blocks.contains(n)) return json();
  const Geometry g = geometry_of(c);
  json r;
  double logic = 0, leakage = 0;
  bool power = true;
  for (const auto& [name, b] : blocks.items()) {
    const auto [count, why] = count_of(name, blocks, g, hw);
    r["blocks"][name] = {{"count", count}, {"area_um2", count * b["area_um2"].get<double>()}, {"why", why}};
    logic += count * b["area_um2"].get<double>();
    if (count && has_power(b)) leakage += count * b["power"]["leakage_mw"].get<double>();
    power = power && (!count || has_power(b));
  }
  r["logic_um2"] = logic;
  r["buffers"] = buffers_json(blocks, g, c.synth_node_nm);
  const json& in = r["buffers"]["input"];
  const json& out = r["buffers"]["output"];
  r["area_um2"] = {{"flip_flop", logic + in["flip_flop_um2"].get<double>() + out["flip_flop_um2"].get<double>()},
                   {"sram", logic + in["sram_um2"].get<double>() + out["sram_um2"].get<double>()}};
  power = power && has_power(blocks["buffer_row"]) && blocks.contains("buffer_read") && has_power(blocks["buffer_read"]);
  if (power) {
    const double rows = static_cast<double>(in["rows"].get<long long>() + out["rows"].get<long long>());
    leakage += rows * blocks["buffer_row"]["power"]["leakage_mw"].get<double>();
    r["leakage_mw"] = leakage;  // blocks x count, and every buffer row (flip-flop buffers)
    // A decision evaluates a routing unit, advances the LFSR and reads the forwarding table, if any.
    const double table = hw.table_reads > 0 ? energy(blocks, "forwarding_table") : 0.0;
    r["energy_pj"] = {{"routing_decision", energy(blocks, "routing_unit") + energy(blocks, "lfsr") + table},
                      {"allocation", energy(blocks, "allocator")},
                      {"crossbar_traversal", energy(blocks, "crossbar")},
                      {"buffer_write", energy(blocks, "buffer_row")},
                      {"buffer_read", energy(blocks, "buffer_read")}};
  }
  return r;
}

std::string router_table(const json& report) {
  if (!report.contains("router") || report["router"].is_null())
    return "router: not summed (hiradix synth --blocks left out a block the router needs)\n";
  const json& r = report["router"];
  std::ostringstream s;
  s << std::fixed << std::setprecision(0) << "\nrouter (radix " << report["params"]["radix"].get<int>() << ")"
    << std::setw(18) << "count" << std::setw(16) << "area (um^2)\n";
  for (const auto& [name, b] : r["blocks"].items())
    if (b["count"].get<int>() > 0)
      s << "  " << std::left << std::setw(28) << name << std::right << std::setw(8) << b["count"].get<int>()
        << std::setw(16) << b["area_um2"].get<double>() << "  " << b["why"].get<std::string>() << "\n";
  s << "  " << std::left << std::setw(36) << "logic" << std::right << std::setw(16) << r["logic_um2"].get<double>() << "\n";
  for (const char* part : {"input", "output"}) {
    const json& b = r["buffers"][part];
    s << "  " << std::left << std::setw(36) << (std::string(part) + (part[0] == 'i' ? " buffers" : " queues") + " (" +
                                                std::to_string(b["bits"].get<long long>()) + " bits)")
      << std::right << std::setw(16) << b["flip_flop_um2"].get<double>() << "  flip-flops; SRAM estimate "
      << b["sram_um2"].get<double>() << "\n";
  }
  s << "  " << std::left << std::setw(36) << "router, flip-flop buffers" << std::right << std::setw(16)
    << r["area_um2"]["flip_flop"].get<double>() << "\n  " << std::left << std::setw(36) << "router, SRAM buffers (estimate)"
    << std::right << std::setw(16) << r["area_um2"]["sram"].get<double>() << "\n";
  if (r.contains("energy_pj")) {
    s << std::setprecision(2) << "energy per event (pJ):";
    for (const auto& [name, e] : r["energy_pj"].items()) s << " " << name << " " << e.get<double>();
    s << "; leakage " << std::setprecision(4) << r["leakage_mw"].get<double>() << " mW per router\n";
  }
  return s.str();
}

}  // namespace hiradix
