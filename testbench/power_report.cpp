#include "testbench/power_report.h"

#include <algorithm>
#include <numeric>

#include "testbench/network.h"

namespace hiradix {

namespace {

// Phits over link class c: sent by routers (both ends of a router-to-router link see the same phits, counted
// once at the sender); the terminal class also carries the NICs' injections, written into router inputs.
std::uint64_t link_phits(const EventCounts& e, std::size_t c) {
  return e.phits_out[c] + (c == 0 ? e.phits_in[0] : 0);
}

std::uint64_t sum(const std::array<std::uint64_t, kMaxLinkClasses>& a) {
  return std::accumulate(a.begin(), a.end(), std::uint64_t{0});
}

}  // namespace

EventCounts total_events(Network& net) {
  EventCounts t;
  for (int r = 0; r < net.routers(); ++r) {
    const EventCounts e = net.router(r).events();
    t.routing_decisions += e.routing_decisions;
    t.allocations += e.allocations;
    t.crossbar_phits += e.crossbar_phits;
    for (int c = 0; c < kMaxLinkClasses; ++c) {
      t.phits_in[c] += e.phits_in[c];
      t.phits_out[c] += e.phits_out[c];
    }
  }
  // MPI ranks: each counts its own routers' events (another rank's stay at 0 here).
  std::vector<std::uint64_t> all = {t.routing_decisions, t.allocations, t.crossbar_phits};
  for (int c = 0; c < kMaxLinkClasses; ++c) all.push_back(t.phits_in[c]), all.push_back(t.phits_out[c]);
  ranks().sum(all.data(), static_cast<int>(all.size()));
  t.routing_decisions = all[0], t.allocations = all[1], t.crossbar_phits = all[2];
  for (int c = 0; c < kMaxLinkClasses; ++c) t.phits_in[c] = all[3 + 2 * c], t.phits_out[c] = all[4 + 2 * c];
  return t;
}

nlohmann::json activity_json(const EventCounts& e, const std::vector<std::string>& link_classes) {
  nlohmann::json links = nlohmann::json::object();
  for (std::size_t c = 0; c < link_classes.size() && c < kMaxLinkClasses; ++c) links[link_classes[c]] = link_phits(e, c);
  // An input-buffer read is a crossbar traversal, which writes the phit into an output queue.
  return {{"routing_decisions", e.routing_decisions}, {"allocations", e.allocations},
          {"crossbar_traversals", e.crossbar_phits}, {"buffer_writes", sum(e.phits_in)},
          {"buffer_reads", e.crossbar_phits}, {"output_queue_reads", sum(e.phits_out)}, {"link_traversals", links}};
}

nlohmann::json power_json(const EventCounts& e, const PowerModel& m, const std::vector<double>& link_pj_per_bit,
                          const std::vector<std::string>& link_classes, int phit_bits, std::uint64_t packets,
                          Cycle measured, int routers) {
  const auto n = [](std::uint64_t v) { return static_cast<double>(v); };
  // Input buffers: written on arrival, read through the crossbar; output queues: written by the crossbar,
  // read onto the link. Both are flip-flop arrays with the same per-phit energies.
  const double buffers = m.buffer_write * n(sum(e.phits_in) + e.crossbar_phits) + m.buffer_read * n(e.crossbar_phits + sum(e.phits_out));
  nlohmann::json per_link = nlohmann::json::object(), link_energy = nlohmann::json::object();
  double links = 0;
  for (std::size_t c = 0; c < link_classes.size() && c < link_pj_per_bit.size() && c < kMaxLinkClasses; ++c) {
    const double pj = link_pj_per_bit[c] * phit_bits * n(link_phits(e, c));
    link_energy[link_classes[c]] = pj;
    per_link[link_classes[c]] = link_pj_per_bit[c];
    links += pj;
  }
  const double routing = m.routing_decision * n(e.routing_decisions), allocation = m.allocation * n(e.allocations);
  const double crossbar = m.crossbar_traversal * n(e.crossbar_phits);
  const double total = routing + allocation + crossbar + buffers + links;
  const double time_ns = n(std::max<Cycle>(measured, 1)) * m.clock_ns;
  const double dynamic_mw = total / time_ns;  // pJ / ns = mW
  const double leakage_mw = m.leakage_mw * routers;
  return {{"source", m.source}, {"liberty", m.liberty}, {"clock_ns", m.clock_ns}, {"phit_bits", phit_bits},
          {"event_energy_pj", {{"routing_decision", m.routing_decision}, {"allocation", m.allocation},
                               {"crossbar_traversal", m.crossbar_traversal}, {"buffer_write", m.buffer_write},
                               {"buffer_read", m.buffer_read}}},
          {"link_pj_per_bit", per_link},
          {"energy_pj", {{"routing", routing}, {"allocation", allocation}, {"crossbar", crossbar}, {"buffers", buffers},
                         {"links", link_energy}, {"total", total}}},
          {"packets", packets}, {"energy_per_packet_pj", packets ? nlohmann::json(total / n(packets)) : nlohmann::json()},  // null: no packet
          {"dynamic_mw", dynamic_mw}, {"leakage_mw", leakage_mw}, {"average_mw", dynamic_mw + leakage_mw}};
}

}  // namespace hiradix
