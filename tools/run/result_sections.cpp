#include "tools/run/result_sections.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "tlm/wire_bytes.h"

namespace hiradix {

MetaPathTotals metapath_totals(Network& net) {
  MetaPathTotals t;
  MetaPathSource::Counts& sum = t.counts;
  std::uint64_t open_paths = 0, metapaths = 0;
  for (int n = 0; n < net.topology().nodes(); ++n) {
    const MetaPathSource& m = *net.nic(n).metapath();
    const MetaPathSource::Counts& c = m.counts();
    sum.opened += c.opened, sum.closed += c.closed, sum.installed += c.installed, sum.misses += c.misses, sum.saved += c.saved;
    sum.acks += c.acks, sum.waited += c.waited, sum.excess += c.excess, sum.below_zero_load += c.below_zero_load;
    open_paths += static_cast<std::uint64_t>(m.open_paths());
    metapaths += static_cast<std::uint64_t>(m.destinations());
  }
  // MPI ranks: another rank's NICs sent nothing here (their sources are idle on this rank).
  std::uint64_t* const fields[] = {&sum.acks,   &sum.waited,    &sum.excess, &sum.below_zero_load, &sum.opened, &sum.closed,
                                   &sum.installed, &sum.misses, &sum.saved,  &open_paths,          &metapaths};
  constexpr int kFields = sizeof fields / sizeof fields[0];
  std::uint64_t sums[kFields];
  for (int i = 0; i < kFields; ++i) sums[i] = *fields[i];
  ranks().sum(sums, kFields);
  for (int i = 0; i < kFields; ++i) *fields[i] = sums[i];
  t.open_paths = static_cast<long long>(open_paths);
  t.metapaths = static_cast<long long>(metapaths);
  return t;
}

// The contention counters seen by headers over the run (after the bookkeeping still pending at the end).
nlohmann::json contention_json(Network& net, Cycle simulated) {
  std::uint64_t observations = 0, observed_sum = 0;
  std::int32_t max_counter = 0;
  for (int r = 0; r < net.routers(); ++r) {
    if (simulated > 0) net.router(r).catch_up(simulated - 1);
    const ContentionCounters& c = net.router(r).contention();
    observations += c.observations();
    observed_sum += c.sum_observed();
    max_counter = std::max(max_counter, c.max());
  }
  // MPI ranks: each holds its own routers' counters (another rank's stay at 0 here).
  std::uint64_t sums[] = {observations, observed_sum};
  ranks().sum(sums, 2);
  observations = sums[0], observed_sum = sums[1];
  std::int64_t largest = max_counter;
  ranks().max(&largest, 1);
  max_counter = static_cast<std::int32_t>(largest);
  return {{"mean_at_header", observations ? static_cast<double>(observed_sum) / observations : 0.0}, {"max", max_counter}};
}

// Group broadcasts (ECtN, PB) in the measurement window: their cost as a fraction of the capacity of the
// links they use (one phit per cycle per link).
nlohmann::json broadcast_json(Network& net, Cycle measured) {
  std::uint64_t messages = 0, phits = 0, superseded = 0, links = 0;
  for (int r = 0; r < net.routers(); ++r) {
    const GroupBroadcast& b = *net.router(r).broadcast();
    messages += b.messages_sent();
    phits += b.control_phits();
    superseded += b.superseded();
    links += static_cast<std::uint64_t>(b.links());
  }
  std::uint64_t sums[] = {messages, phits, superseded};  // MPI ranks: each counts its own routers'
  ranks().sum(sums, 3);
  messages = sums[0], phits = sums[1], superseded = sums[2];
  const BroadcastParams& bp = net.router(0).broadcast()->params();
  const double link_cycles = static_cast<double>(links) * static_cast<double>(std::max<Cycle>(measured, 1));
  const char* mode = bp.mode == BroadcastMode::kMessage ? "message" : bp.mode == BroadcastMode::kPiggyback ? "piggyback" : "free";
  return {{"mode", mode}, {"period", bp.period}, {"message_bits", bp.entries * bp.entry_bits},
          {"message_phits", bp.mode == BroadcastMode::kFree ? 0 : bp.phits()}, {"messages", messages},
          {"superseded", superseded}, {"control_phits", phits},
          {"local_link_overhead", static_cast<double>(phits) / link_cycles}};
}

// Conservation (DESIGN §3.5): every created packet is either delivered or still somewhere in the network.
nlohmann::json conservation_json(Network& net, Cycle simulated) {
  const Stats& s = net.stats();
  const std::uint64_t held = net.packets_in_flight();
  const std::uint64_t late = s.ejected_after(simulated);
  const bool conserved = s.created() == s.ejected() + held && s.misdelivered() == 0 && s.duplicates() == 0;
  return {{"created", s.created()},
          {"delivered", s.ejected() - late},
          {"in_flight", held + late},
          {"misdelivered", s.misdelivered()},
          {"duplicates", s.duplicates()},
          {"ok", conserved}};
}

// routing.recomp: the recomputations over the whole run, warm-up included.
nlohmann::json recomputation_json(Network& net) {
  std::uint64_t recomputations = 0;
  for (int r = 0; r < net.routers(); ++r) recomputations += net.router(r).activity().recomputations;
  recomputations = ranks().sum(recomputations);  // MPI ranks: each counts its own routers'
  const std::uint64_t injected = net.stats().injected();
  return {{"count", recomputations}, {"per_injected_packet", injected ? static_cast<double>(recomputations) / injected : 0.0}};
}

// The network's size: routers, nodes, the least and most ports of a router, the links of each class.
nlohmann::json network_size_json(const Topology& t) {
  nlohmann::json links = nlohmann::json::object();
  for (std::size_t c = 0; c < t.link_classes().size(); ++c) links[t.link_classes()[c]] = t.links(static_cast<int>(c));
  return {{"routers", t.routers()}, {"nodes", t.nodes()}, {"radix_min", t.min_radix()}, {"radix_max", t.max_radix()}, {"links", links}};
}

// The flow rules of the switches (routings of commodity OpenFlow switches): per kind, the fewest and the
// most any switch holds, and their total over the network.
nlohmann::json openflow_json(Network& net) {
  nlohmann::json per_kind = nlohmann::json::object();
  const auto kinds = {std::make_pair("ordinary", &RuleCounts::ordinary), std::make_pair("conditional", &RuleCounts::conditional),
                      std::make_pair("alternative", &RuleCounts::alternative)};
  std::vector<RuleCounts> counts;
  for (int r = 0; r < net.routers(); ++r) counts.push_back(*net.routing().rule_counts(r));
  const auto summary = [&](auto value) {
    long long lo = value(counts[0]), hi = lo, sum = 0;
    for (const RuleCounts& c : counts) lo = std::min<long long>(lo, value(c)), hi = std::max<long long>(hi, value(c)), sum += value(c);
    return nlohmann::json{{"min_per_switch", lo}, {"max_per_switch", hi}, {"network", sum}};
  };
  for (const auto& [name, member] : kinds) per_kind[name] = summary([m = member](const RuleCounts& c) { return c.*m; });
  per_kind["total"] = summary([](const RuleCounts& c) { return c.total(); });
  return {{"rules", per_kind}};
}

// The value per port a routing's state reports (RoutingAlgorithm::port_reading), at the end of the run, over
// the ports that have one: mean, least, most, and how many ports.
nlohmann::json port_readings_json(Network& net) {
  const double none = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> readings;  // by router and port; NaN where there is none (or another rank's router)
  for (int r = 0; r < net.routers(); ++r)
    for (int p = 0; p < net.topology().radix(r); ++p)
      readings.push_back(net.runs_here(r) ? net.router(r).routing_state()->port_reading(p) : none);
  if (ranks().size() > 1) {  // MPI ranks: each reads its own routers'; summed below in one order, as in one process
    std::vector<char> mine;
    wire::put_vector(mine, readings);
    for (const std::vector<char>& theirs : ranks().gather_all(mine)) {
      std::size_t at = 0;
      const std::vector<double> read = wire::take_vector<double>(theirs, at);
      for (std::size_t i = 0; i < readings.size() && i < read.size(); ++i)
        if (!std::isnan(read[i])) readings[i] = read[i];
    }
  }
  double sum = 0, lo = std::numeric_limits<double>::infinity(), hi = -lo;
  long long ports = 0;
  for (const double x : readings) {
    if (std::isnan(x)) continue;
    sum += x, lo = std::min(lo, x), hi = std::max(hi, x), ++ports;
  }
  if (ports == 0) return nullptr;
  return {{net.routing().port_reading(), {{"mean", sum / static_cast<double>(ports)}, {"min", lo}, {"max", hi}, {"ports", ports}}}};
}

// QCN's notifications in the measurement window: samples, CNMs made, dropped and delivered, the sampled
// queues' mean length, and the share of the router-to-router and ejection links' capacity CNMs took (a CNM
// counts as a flit: an upper bound); and their conservation over the whole run.
nlohmann::json qcn_json(Network& net, Cycle measured) {
  const Topology& topo = net.topology();
  // Per router and port, the samples and their phits; then the routers' CNMs made, dropped, their phits, and
  // made over the whole run. MPI ranks: another rank's routers' counters stay 0 here, so sums are exact.
  std::vector<std::uint64_t> counts;
  std::uint64_t links = 0;
  for (int r = 0; r < net.routers(); ++r) {
    const CongestionNotifier& q = *net.router(r).qcn();
    links += static_cast<std::uint64_t>(topo.radix(r));  // every output port: router-to-router links and ejection
    for (int p = 0; p < topo.radix(r); ++p) counts.insert(counts.end(), {q.port_samples(p), q.port_sampled_phits(p)});
  }
  const std::size_t totals = counts.size();
  for (int r = 0; r < net.routers(); ++r) {
    const CongestionNotifier& q = *net.router(r).qcn();
    const QcnCounts& c = q.counts();
    counts.insert(counts.end(), {c.cnms_made, c.cnms_dropped, c.cnm_phits_sent, q.made_total()});
  }
  ranks().sum(counts.data(), static_cast<int>(counts.size()));
  QcnCounts sum;
  std::uint64_t made_total = 0, samples = 0, sampled_phits = 0, most_samples = 0;
  for (std::size_t i = 0; i < totals; i += 2) samples += counts[i], sampled_phits += counts[i + 1], most_samples = std::max(most_samples, counts[i]);
  for (std::size_t i = totals; i < counts.size(); i += 4) {
    sum.cnms_made += counts[i];
    sum.cnms_dropped += counts[i + 1];
    sum.cnm_phits_sent += counts[i + 2];
    made_total += counts[i + 3];
  }
  // The queue whose samples were longest on average, with at least a tenth of the busiest port's samples.
  nlohmann::json busiest;
  double busiest_mean = -1;
  std::size_t at = 0;
  for (int r = 0; r < net.routers(); ++r)
    for (int p = 0; p < topo.radix(r); ++p, at += 2) {
      const std::uint64_t n = counts[at];
      if (n == 0 || 10 * n < most_samples) continue;
      const double mean = static_cast<double>(counts[at + 1]) / static_cast<double>(n);
      if (mean <= busiest_mean) continue;
      busiest_mean = mean;
      busiest = {{"router", r}, {"port", p}, {"samples", n}, {"mean_phits", mean}, {"q_eq_phits", net.router(r).qcn()->q_eq(p)}};
    }
  const Stats& s = net.stats();
  const std::uint64_t held = net.cnms_in_flight();
  const double capacity = static_cast<double>(links) * static_cast<double>(std::max<Cycle>(measured, 1));
  return {{"sampled_buffers", net.router(0).qcn()->params().site == QcnCpSite::kInput ? "input" : "output"},
          {"samples", samples},
          {"cnms_made", sum.cnms_made},
          {"cnms_dropped", sum.cnms_dropped},
          {"cnms_delivered", s.cnms_delivered()},
          {"sampled_queue_mean_phits", samples ? nlohmann::json(static_cast<double>(sampled_phits) / samples) : nlohmann::json()},
          {"busiest_queue", busiest},
          {"cnm_share_of_link_capacity", static_cast<double>(sum.cnm_phits_sent) / capacity},
          {"conservation", {{"made", made_total}, {"delivered", s.cnms_delivered_total()}, {"in_flight", held},
                            {"ok", made_total == s.cnms_delivered_total() + held}}}};
}

// DRB and PR-DRB over the whole run: the ACKs (made at destinations, taken by the sources' controllers, in
// between, conserved) and, per ACK taken, the routers' waits in its header and its packet's latency beyond
// the path's zero-load latency; what the MetaPaths did (paths opened one by one and closed; PR-DRB: solutions saved,
// installed from the database, and congestions with no saved solution) and the MSPs per flow at the end.
nlohmann::json drb_json(Network& net) {
  const MetaPathTotals t = metapath_totals(net);
  const MetaPathSource::Counts& sum = t.counts;
  const long long open = t.open_paths, metapaths = t.metapaths;
  const std::uint64_t made = net.acks_made(), taken = net.acks_taken(), held = net.acks_in_flight();
  const auto per_ack = [&sum](std::uint64_t x) { return sum.acks ? static_cast<double>(x) / static_cast<double>(sum.acks) : 0.0; };
  nlohmann::json j = {{"acks", {{"made", made}, {"taken", taken}, {"in_flight", held}, {"ok", made == taken + held}}},
                      {"wait_mean", per_ack(sum.waited)},
                      {"latency_above_zero_load_mean", per_ack(sum.excess)},
                      {"latency_below_zero_load", sum.below_zero_load},
                      {"paths_opened", sum.opened},
                      {"paths_closed", sum.closed},
                      {"msps_per_flow_at_end", metapaths ? static_cast<double>(open) / static_cast<double>(metapaths) : 0.0}};
  if (net.routing().metapath()->predictive)
    j["solutions"] = {{"saved", sum.saved}, {"installed", sum.installed}, {"misses", sum.misses}};
  // The per-router latency map: each router's mean wait per data head over the run (results.csv: its min,
  // mean and max over the routers).
  // Under MPI ranks each rank holds the waits its own routers and NICs measured: summed first.
  const auto routers = static_cast<std::size_t>(net.routers());
  std::vector<std::uint64_t> sums(2 * routers);
  for (std::size_t r = 0; r < routers; ++r) {
    sums[r] = net.path_headers()->wait_sum(static_cast<int>(r));
    sums[routers + r] = net.path_headers()->heads(static_cast<int>(r));
  }
  ranks().sum(sums.data(), static_cast<int>(sums.size()));
  std::vector<double> waits(routers);  // 0 where no head passed
  const std::vector<std::uint64_t> heads(sums.begin() + static_cast<std::ptrdiff_t>(routers), sums.end());
  for (std::size_t r = 0; r < routers; ++r)
    if (heads[r]) waits[r] = static_cast<double>(sums[r]) / static_cast<double>(heads[r]);
  j["router_wait_mean"] = waits;
  j["router_heads"] = heads;
  return j;
}

}  // namespace hiradix
