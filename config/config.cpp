#include "config/config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "router/routing/routing_registry.h"
#include "topology/topology_registry.h"
#include "synth/report/synth_report.h"
#include "router/rtl/rc_interface.h"
#include "router/rtl/rtl_state_blocks.h"
#include "config/config_limits.h"
#include "config/config_values.h"
#include "config/yaml_strict.h"

namespace hiradix {

namespace {

constexpr double kBig = kUnbounded;

// The values of traffic.pattern and traffic.change.pattern: `first`, every pattern, then mix.
std::vector<std::string> pattern_choices(std::vector<std::string> first) {
  for (const std::string& name : pattern_names()) first.push_back(name);
  first.push_back("mix");
  return first;
}

}  // namespace

const std::vector<KeySpec>& config_schema() {
  static const std::vector<KeySpec> schema = with_type_limits([] {
    // The topology keys and the per-link-class keys are defined next to the topologies that read them
    // (topology/topology_registry.h).
    std::vector<KeySpec> s = topology_keys();
    for (const KeySpec& k : link_class_keys(&LinkClassKeys::latency)) s.push_back(k);
    s.insert(s.end(), {
      {"router.latency.rc", KeyType::kInt, "1", 0, 1000, {}, "Routing computation stage, cycles, or auto: the routing unit's pipeline cycles from the synthesis report synth.report (blocks.routing_unit.cycles, made for the same p, a, h, arrangement and routing). RC+VA+SA+ST = 5, the router latency of seed-003 Table I. The next header of a VC starts RC once the previous head has passed SA (seed-000 Fig. 2-4), so long RC/VA/SA stages also limit a VC's packet rate."},
      {"router.latency.va", KeyType::kInt, "1", 0, 1000, {}, "VC allocation stage, cycles."},
      {"router.latency.sa", KeyType::kInt, "1", 0, 1000, {}, "Switch allocation stage, cycles."},
      {"router.latency.st", KeyType::kInt, "2", 0, 1000, {}, "Switch traversal stage (crossbar to output queue), cycles: a pure delay after the grant; put a long router latency here (FOGSim models it as a crossbar delay)."},
      {"router.speedup", KeyType::kFloat, "2.0", 1, 16, {}, "Internal crossbar speed-up in time, integer or fractional such as 1.5 (seed-003 Table I: 2x)."},
      {"router.allocator", KeyType::kString, "input_first", 0, 0, {"input_first", "output_first"}, "Separable switch allocator, round-robin arbiters that move only on a grant (iSLIP)."},
      {"router.input_pointer", KeyType::kString, "output_grant", 0, 0, {"output_grant", "own_grant"}, "When an input-first input arbiter moves its priority: only when the output also grants its choice (iSLIP, seed-000 §1.3 reading (a)), or whenever it chooses (b)."},
      {"router.output_arbiter", KeyType::kString, "round_robin", 0, 0, {"round_robin", "transit_priority"}, "The switch allocator's output arbiters: round_robin over all inputs (the seeds' text, seed-000 §1.3), or transit_priority, as the seeds' simulator FOGSim does by default: an output grants an injection port only when no transit port requests it (round robin within each set). The RTL allocator (rtl/hiradix_separable_allocator.v, hiradix synth) implements both."},
      {"router.switching", KeyType::kString, "vct", 0, 0, {"vct", "wormhole"}, "Switching: virtual cut-through (whole packets, credits for a whole packet; the seeds') or wormhole (flits of packet.flit phits, credits for one flit, a downstream VC held from head to tail)."},
      {"router.queues", KeyType::kString, "vc", 0, 0, {"vc", "voq_sw", "voq_net", "bbq", "bbq_voq_sw", "dbbq", "dbbq_voq_sw"}, "How an input port's buffer (router.buffers.<class>) is split into queues (router/buffers/): vc = one FIFO per VC, filled by the VC the upstream router chose, each VC its own router.buffers depth (the seeds'). voq_sw = per-output virtual output queues (seed 001's VOQs): each VC's FIFO routes its heads in order and moves each packet into the VOQ of (its VC, its output port), which shares the VC's depth and credits, and every VOQ has its own crossbar input, so a packet waits only behind packets to the same output and an input port may feed several outputs at once (VCs x radix VOQs per port, up to 64 VCs and radix 64; refused with in-transit rerouting and recomputation). bbq and dbbq = band-based queues (seed 001 §2.3, §3.3; InfiniBand's SL = VL): each VC the routing needs on router-to-router and injection ports becomes router.bands VCs (a FIFO each, with its own depth and credits) and a packet takes, at its NIC and at every hop, the one of its destination's band: bbq floor(dst * bands / N) (Eq. 1); dbbq the same in the first virtual network (Eq. 2: bands of rows) and floor(column(dst) * bands / k) in the second (Eq. 3: bands of columns of the router grid; column(dst) = dst % k with one node per router), so dbbq needs two virtual networks (routing.vns: 2, or osha's own) and a grid (mesh, torus, flattened_butterfly, kns). bbq_voq_sw and dbbq_voq_sw: the bands' VCs with per-output VOQs (the seed's with-VOQ series). voq_net = per-destination queues (seed 001's VOQnet): bbq's lanes with one band per node, so each VC of the routing is N VCs, queue = dst, each its own FIFO, depth and credits, at every input port and at the NIC (whose waiting packets then pass one whose queue is full); at most router.voq_max_queues per port."},
      {"router.voq_max_queues", KeyType::kInt, "64", 1, 64, {}, "router.queues voq_net: the most queues an input port may have (nodes x the routing's VCs, times routing.vns); a network that needs more is refused naming this key (VOQnet grows with the network; the switch allocator takes 64)."},
      {"router.bands", KeyType::kInt, "2", 1, 32, {}, "router.queues bbq and dbbq (and their _voq_sw): bands (queues) per VC of the routing, in each virtual network (seed 001 §5: 2 per VN in its 4VC-DBBQ, 4 in BBQ-4VC). router.vcs.*: 0 gives bands times what the routing needs (times routing.vns); a count given must be a multiple of bands times routing.vns."},
      {"router.flow_control", KeyType::kString, "credits", 0, 0, {"credits", "pause"}, "Link-level flow control of router and NIC links (router/flow/): credits = per-VC credits, returned when a flit's buffer space is freed (the seeds'). pause = Ethernet pause per class of service (802.1Qbb PFC, a class per VC; seed 000 ch. 4): the receiving input sends XOFF for a class when its buffer reaches Xoff = buffer - router.pause.headroom and XON when it falls to Xon = Xoff - router.pause.hysteresis, frames that reach the sender one link latency later; the sender knows nothing else of the downstream buffer (routings that read credits see the output queues only)."},
      {"router.pause.headroom", KeyType::kInt, "0", 0, 1000000000, {}, "router.flow_control pause: phits of every input buffer above Xoff, which must hold what is in flight when an XOFF takes effect: twice the link latency plus a packet, plus the upstream router's output queue (the switch reserves the link at its grant), per link class; a smaller value is refused naming this key. 0 = exactly that, per class."},
      {"router.pause.hysteresis", KeyType::kInt, "0", 0, 1000000000, {}, "router.flow_control pause: phits from Xoff down to Xon (the input resumes its upstream when its count falls to Xon). 0 = one packet."},
      {"qcn.sampling", KeyType::kString, "off", 0, 0, {"off", "output", "input"}, "QCN congestion points (IEEE 802.1Qau; seed 000 ch. 4, seed 002; README \"QCN\"): off; output = one at every output queue of every switch (the thesis' final design); input = one at every router-to-router input port (seed 002's), its buffer the port's data VCs, sampled at a head's arrival cycle. Each samples every qcn.cpc-th packet entering it and sends a share (qcn.cnm_percent) of the samples with feedback Fb > 0 a CNM: a packet of one flit (the model moves whole flits: under vct a CNM is counted at a packet's size, an upper bound on its share of the links), addressed to a victim packet's source, on VCs of its own above the routing's (min's VCs on every router-to-router class, added to router.vcs.*), routed by min; the source's NIC reacts (qcn.reaction). Dragonfly, meshes, tori, FB, KNS and fully connected networks of one NIC per node; virtual cut-through, one virtual network, router.queues vc or voq_sw."},
      {"qcn.q_eq", KeyType::kInt, "0", 0, 1000000000, {}, "QCN: Q_eq, the equilibrium length of a sampled buffer in phits (Eq. 2-3). 0 = 20 % of the buffer (seed 000 Table 4-3), at least 1: of router.output_queue under output sampling, of each input port's data VCs (VCs x phits per VC) under input sampling."},
      {"qcn.w", KeyType::kInt, "0", 0, 64, {}, "QCN: w, the weight of the queue's growth since the previous sample in Fb = (Q - Q_eq) + w (Q - Q_old) (seed 000 Table 4-3: 0; 802.1Qau: 2). Fb is clipped to Q_eq (2w + 1) and quantised to 6 bits, 0..63."},
      {"qcn.cpc", KeyType::kInt, "100", 1, 1000000, {}, "QCN: the congestion point cycle, packets entering a queue per sample (seed 000 Table 4-3: 100)."},
      {"qcn.cnm_percent", KeyType::kInt, "30", 0, 100, {}, "QCN: %CNMs, the share of samples with Fb > 0 that send a CNM, in percent (seed 000 Table 4-3: 30; 802.1Qau: 10), drawn from the router's own random stream."},
      {"qcn.victim", KeyType::kString, "occupancy", 0, 0, {"occupancy", "arrival"}, "QCN: which packet a CNM is about: occupancy = one drawn uniformly from the sampled queue (the seeds'), arrival = the packet whose arrival was the sample (802.1Qau)."},
      {"qcn.reaction", KeyType::kString, "on", 0, 0, {"on", "off"}, "QCN: the reaction points of the NICs (802.1Qau RP, AIMD): on = a CNM cuts the node's injection rate CR to CR (1 - Fb / qcn.gd_inverse), the rate before it becomes the target TR, and every qcn.byte_counter bytes sent, and every qcn.timer_ms, is a recovery cycle: qcn.fast_recovery cycles of CR = (CR + TR) / 2, then each also adds qcn.r_ai_mbps to TR (qcn.r_hai_mbps when both counters are past fast recovery); off = CNMs are counted and dropped (QCN-Switch's switches take them instead)."},
      {"qcn.byte_counter", KeyType::kInt, "150000", 1, 1000000000, {}, "QCN reaction point: bytes sent per recovery cycle (802.1Qau: 150,000), at units.phit_bytes per phit."},
      {"qcn.fast_recovery", KeyType::kInt, "5", 0, 1000, {}, "QCN reaction point: fast-recovery cycles after a CNM (802.1Qau: 5)."},
      {"qcn.r_ai_mbps", KeyType::kFloat, "5", 0, 1000000, {}, "QCN reaction point: the active increase of the target rate per recovery cycle, Mb/s (802.1Qau: 5)."},
      {"qcn.gd_inverse", KeyType::kInt, "128", 64, 1000000, {}, "QCN reaction point: 1 / Gd, the decrease per unit of Fb (802.1Qau: 128, so one CNM at most halves the rate); above 63, so that Fb = 63 leaves a positive rate."},
      {"qcn.timer_ms", KeyType::kFloat, "15", 0, 1000000, {}, "QCN reaction point: T, the timer's cycle in ms while the rate is limited (802.1Qau: 15; T/2 once past fast recovery), each a recovery cycle beside the byte counter's; with both past qcn.fast_recovery the target climbs by qcn.r_hai_mbps per cycle past it (hyper-active increase). 0 = no timer. In cycles at units.phit_bytes and units.link_gbps (25 ns by default: 15 ms = 600,000 cycles)."},
      {"qcn.r_hai_mbps", KeyType::kFloat, "50", 0, 1000000, {}, "QCN reaction point: the hyper-active increase of the target rate, Mb/s per stage past qcn.fast_recovery of the fewer of the two counters (802.1Qau: 50)."},
      {"qcn.min_rate_mbps", KeyType::kFloat, "10", 0.001, 1000000, {}, "QCN reaction point: the rate a source never falls below, Mb/s."},
      {"units.phit_bytes", KeyType::kInt, "125", 1, 1000000, {}, "Bytes per phit, to read keys given in bytes or rates (QCN's) and to report time: a link moves one phit per cycle at units.link_gbps, so a cycle is phit_bytes * 8 / link_gbps ns (default 25 ns: seed 000 Table 4-3's 1,000-byte packet as 8 phits on a 40 Gb/s link)."},
      {"units.link_gbps", KeyType::kFloat, "40", 0.001, 1000000, {}, "Link rate in Gb/s (seed 000 Table 4-3: 40), with units.phit_bytes the cycle's length in time, and the rate a QCN reaction point starts at and never exceeds."},
    });
    for (const KeySpec& k : link_class_keys(&LinkClassKeys::vcs)) s.push_back(k);
    for (const KeySpec& k : link_class_keys(&LinkClassKeys::buffer)) s.push_back(k);
    s.insert(s.end(), {
      {"router.output_queue", KeyType::kInt, "32", 1, kBig, {}, "Output queue per port, phits (seed-003 Table I)."},
      {"packet.size", KeyType::kInt, "8", 1, 4096, {}, "Packet size in phits (seed-003 Table I)."},
      {"packet.flit", KeyType::kInt, "1", 1, 4096, {}, "Wormhole only: flit size in phits (packet.size must be a multiple)."},
      {"nic.queue", KeyType::kInt, "5040", 1, kBig, {}, "Injection queue per terminal, phits (seed-000 Table 3-1: 126 KB); full queue = packet refused."},
      {"nic.injection_vc", KeyType::kString, "round_robin", 0, 0, {"round_robin", "destination"}, "Which injection VC (router.vcs.injection) a NIC sends a packet into: round_robin = the first VC with credits for it, starting after the VC of the previous packet (hiradix's); destination = VC floor(dest * V / N) of the packet's destination node (N nodes, V injection VCs), waiting for that VC's credits, as the seeds' simulator FOGSim does by default (docs/fogsim-differences.md). The same with one injection VC."},
      {"router.rc_mode", KeyType::kString, "model", 0, 0, {"model", "rtl", "lockstep"}, "Routing computation: the C++ model; the Verilated RTL routing unit (rtl/hiradix_routing_unit.v); or both in lockstep, every decision compared bit for bit (a mismatch stops the run, exit code 5)."},
      {"rtl.trace", KeyType::kString, "''", 0, 0, {}, "rtl/lockstep modes: FST waveform file of the routing unit's inputs and outputs at every decision (GTKWave); empty = none. Decision k of cycle c is at c ns + k ps. Window: trace.from/trace.to."},
      {"trace.router", KeyType::kInt, "-1", -1, kBig, {}, "Router whose pipeline activity (RC output port, SA bids, SA grants per input port) is written to trace.vcd; -1 = none."},
      {"trace.vcd", KeyType::kString, "stages.vcd", 0, 0, {}, "VCD file of trace.router's stage activity (GTKWave), 1 ns per cycle; '' = none."},
      {"trace.contention", KeyType::kString, "''", 0, 0, {}, "CSV file of trace.router's contention counters (seed-003 §1.3): a row per cycle in which one changed, with every output port's counter (columns T<i>, L<i>, G<i> by port class); '' = none. Window: trace.from/trace.to. Draw it with `hiradix plot --contention FILE`."},
      {"trace.from", KeyType::kInt, "0", 0, kBig, {}, "First cycle of the waveforms (trace.router, rtl.trace)."},
      {"trace.to", KeyType::kInt, "1000000000", 0, kBig, {}, "Last cycle of the waveforms."},
      {"rtl.inject_mismatch_at", KeyType::kInt, "0", 0, kBig, {}, "Checker self-test (lockstep): flip a bit of the model's n-th decision (1-based) so the run must stop with a mismatch; 0 = never."},
    });
    // The routing keys are defined next to the routings that read them (router/routing/routing_registry.h).
    for (const RoutingKey& k : routing_keys()) s.push_back(k.spec);
    s.insert(s.end(), {
      {"broadcast.mode", KeyType::kString, "auto", 0, 0, {"auto", "message", "piggyback", "free"}, "How ECtN/PB broadcasts use the local links: message (sent whole at the next packet boundary, delaying data), piggyback (sent only when the link would otherwise be idle: no data bandwidth, may wait), free (no link cost, as the ECtN paper assumed, §VI-B); auto = message for ectn, piggyback for pb (seed-000 §3.6: 'piggybacked on idle local channels')."},
      {"broadcast.phit_bits", KeyType::kInt, "80", 1, 4096, {}, "Bits per phit on a link: a broadcast of B bits occupies the link ceil(B / phit_bits) cycles (seed-003 §3.2: 10-byte phits)."},
      {"traffic.pattern", KeyType::kString, "un", 0, 0, pattern_choices({}), "Traffic pattern: un, adv, advl, advc, mix (seed-000 §4.2), hotspot and zipf (seed-001 §4.2, §4.1; traffic.hotspot_*, traffic.zipf_exponent), trace (traffic.trace_file), or a permutation, each node sending to one node for the whole run (Dally & Towles §3.2; README, \"Permutation patterns\"): transpose, bit_reverse, bit_complement and shuffle on node IDs of log2 N bits (N a power of two; on a mesh, torus or Flattened Butterfly transpose swaps router coordinates (x, y) -> (y, x) of a square 2-D grid instead), tornado and neighbor on router coordinates (meshes, tori, Flattened Butterflies), random_permutation (a derangement drawn from sim.seed). A node that is its own destination sends nothing: loads stay per node over all nodes, and result.json's permutation_fixed_points counts such nodes."},
      {"traffic.offset", KeyType::kInt, "1", -kBig, kBig, {}, "Group offset i of ADV+i (signed; on G groups ADV-i is ADV+(G-i), the same run)."},
      {"traffic.trace_file", KeyType::kString, "''", 0, 0, {}, "Pattern trace (README, \"Trace replay\"): a text file of messages, one a line, '<cycle> <source> <destination> <packets>' (# comments), replayed instead of traffic.load and a pattern: each message's packets are created at its cycle. tools/trace/make_trace.py writes all-to-all and PTRANS-like phases. A malformed line is an error naming the file and the line."},
      {"traffic.hotspot_fraction", KeyType::kFloat, "0.25", 0, 1, {}, "Pattern hotspot (seed-001 §4.2; README, \"Hot-spot and Zipf traffic\"): the share of each source's packets that go to a hot node (traffic.hotspot_nodes, drawn uniformly, the source excluded); the rest go uniformly to the other nodes, neither hot nor the source. 0.25: the seed's share of hot-spot sources. Under traffic.hotspot_mode sources, the share of the non-hot nodes that send all their packets to the hot nodes."},
      {"traffic.hotspot_nodes", KeyType::kIntList, "[0]", 0, kBig, {}, "Pattern hotspot: the hot nodes, distinct node IDs (at least 2 nodes must stay cold). A hot node that is the only one sends all its packets to the cold nodes."},
      {"traffic.hotspot_mode", KeyType::kString, "packets", 0, 0, {"packets", "sources"}, "Pattern hotspot (README, \"Hot-spot and Zipf traffic\"): packets = every source sends each packet to a hot node with probability traffic.hotspot_fraction; sources = seed-001 §4.2's scenario: round(traffic.hotspot_fraction x (N - hot nodes)) of the non-hot nodes, drawn once from sim.seed, send all their packets to the hot nodes (uniformly among them), and every other node, hot ones included, sends uniformly to the nodes neither hot nor itself."},
      {"traffic.zipf_exponent", KeyType::kFloat, "1.0", 0, 100, {}, "Pattern zipf (seed-001 §4.1): exponent s; a source sends to the node of rank i among the N - 1 others with probability i^-s / sum_j j^-s (s = 0: uniform; the seed evaluates 1 and 3). Each source has its own ranking, drawn once from sim.seed."},
      {"traffic.load", KeyType::kFloat, "0.1", 0, 1, {}, "Offered load, phits/node/cycle (Bernoulli injection; under traffic.process on_off, the average)."},
      {"traffic.process", KeyType::kString, "bernoulli", 0, 0, {"bernoulli", "on_off"}, "Injection process of every NIC (README, \"Bursty sources\"): bernoulli = a packet with probability load / packet.size every cycle; on_off = ON and OFF periods of geometric lengths (means traffic.on_cycles, traffic.off_cycles) alternate, and a NIC generates only while ON, as Bernoulli at load x (on + off) / on, so that the average offered load is traffic.load (refused where that exceeds 1 phit/cycle)."},
      {"traffic.on_cycles", KeyType::kFloat, "100", 1, kBig, {}, "traffic.process on_off: mean length of an ON period, cycles."},
      {"traffic.off_cycles", KeyType::kFloat, "100", 1, kBig, {}, "traffic.process on_off: mean length of an OFF period, cycles."},
      {"traffic.mix", KeyType::kMix, "[]", 0, 0, {}, "For pattern mix: list of {pattern, offset, weight}; each terminal splits its load by weight."},
      {"traffic.change.at", KeyType::kInt, "-1", -1, kBig, {}, "Transient: cycle after warm-up at which traffic changes; -1 = never."},
      {"traffic.change.pattern", KeyType::kString, "same", 0, 0, pattern_choices({"same"}), "Pattern after the change; same = unchanged."},
      {"traffic.change.offset", KeyType::kInt, "0", -kBig, kBig, {}, "ADV offset after the change; 0 = unchanged."},
      {"traffic.change.load", KeyType::kFloat, "-1", -1, 1, {}, "Load after the change; -1 = unchanged."},
      {"traffic.change.mix", KeyType::kMix, "[]", 0, 0, {}, "Mix after the change; empty = unchanged."},
      {"traffic.change.period", KeyType::kInt, "0", 0, kBig, {}, "Bursty repetitive traffic (seed-004 §3.7; README, \"Bursty sources\"): from traffic.change.at on, the traffic after the change lasts traffic.change.burst cycles and comes back every period cycles, the first traffic in between (e.g. UN at a low load, bursts of bit_reverse at a high one). 0 = one change for good."},
      {"traffic.change.burst", KeyType::kInt, "0", 0, kBig, {}, "With traffic.change.period: cycles of each burst of the traffic after the change (0 < burst < period)."},
      {"traffic.change.patterns", KeyType::kStringList, "[]", 0, 0, pattern_choices({"same"}), "With traffic.change.period: a pattern per burst, in turn (seed-004 §3.7 Fig. 17b, \"bursty traffic with variable pattern\"; README, \"Bursty sources\"): burst i has pattern i mod n of the list, e.g. [bit_reverse, transpose, shuffle]; every burst has traffic.change.load, traffic.change.offset (for adv) and traffic.change.mix (for mix); same = traffic.pattern. [] = traffic.change.pattern every burst (which must stay same when a list is given)."},
      {"sim.warmup", KeyType::kInt, "60000", 0, kBig, {}, "Warm-up cycles (seed-000 §3.2.3: 60,000)."},
      {"sim.measure", KeyType::kInt, "60000", 1, kBig, {}, "Measurement cycles (seed-000 §3.2.3: 60,000)."},
      {"sim.seed", KeyType::kInt, "1", 0, kBig, {}, "Random seed; each router and NIC derives its own stream from it."},
      {"sim.watchdog", KeyType::kInt, "20000", 100, kBig, {}, "Cycles without any switch grant, while packets are in the network, that end the run with a deadlock report. A run uses at most a quarter of warm-up + measure (never less than the minimum), and a run that ends with packets in the network and no progress over that last stretch is a deadlock too."},
      {"sim.allow_deadlock", KeyType::kString, "false", 0, 0, {"false", "true"}, "Run a config whose channel dependency graph has a cycle (it can deadlock; checked before every run and sweep point: every path of the routing, or an in-transit routing's escape channels, on the configured network and VCs) with a warning, instead of refusing it with exit code 2. The routing.vc_scheme: hop_count demonstrations set it."},
      {"sim.partitions", KeyType::kString, "auto", 0, 0, {"auto", "none", "domains"}, "domains: the network is cut into its topology's domains (the Dragonfly's groups, a mesh's rows, ...), each run by a timing wheel of its own over windows no longer than the smallest latency of a link between domains, the messages that cross delivered at each window's end: the same results, and each domain's state stays in cache for a whole window (h = 4 1.2-1.6x, h = 6 and h = 8 3x faster; README, Partitions). none: one wheel runs every router and NIC, cycle by cycle. auto: domains from 128 routers on (smaller networks fit in cache and gain nothing), else none; result.json's config gives the mode taken."},
      {"sim.threads", KeyType::kInt, "1", 1, 256, {}, "Threads that run a partitioned run's windows (sim.partitions), each a contiguous block of partitions, at most one per partition: the same results for every count. More than 1 cuts the network into its domains under sim.partitions auto whatever its size (none is refused), and is refused with a SystemC platform, rtl.trace and rtl.inject_mismatch_at (router.rc_mode lockstep and rtl give each thread its own RTL routing unit). result.json's simulation.partitions.threads gives the count used."},
      {"sim.scheduling", KeyType::kString, "event", 0, 0, {"event", "poll"}, "event: routers run only in cycles where they have work; poll: every router with packets runs every cycle (a slow reference that must give identical results)."},
      {"stats.bin", KeyType::kInt, "100", 1, kBig, {}, "Width in cycles of the time-series bins reported for transients."},
      {"stats.before", KeyType::kInt, "1000", 0, kBig, {}, "Cycles before the change covered by the time series."},
      {"synth.clock_ns", KeyType::kFloat, "1.0", 0.01, 1000, {}, "hiradix synth: target clock period in ns (ABC's delay target; pipeline cycles = ceil(delay / clock))."},
      {"synth.liberty", KeyType::kString, "''", 0, 0, {}, "hiradix synth: liberty file of the standard cells; empty = OSU 0.18 um from qflow-tech-osu018."},
      {"synth.node_nm", KeyType::kFloat, "180", 1, 1000, {}, "hiradix synth: process node of synth.liberty in nm (180: the OSU 0.18 um default, 1.8 V). Scales the 6T SRAM bit cell of the buffers' SRAM area estimate by (node/180)^2; the synthesized blocks take whatever the liberty gives."},
      {"synth.rc_stages", KeyType::kString, "auto", 0, 0, {"auto", "1", "2", "3", "4", "5", "6"}, "hiradix synth: pipeline stages of the routing unit, its decision the same, that many clocks later. 1: combinational; 2 to 6: stages - 1 register ranks after the unit that ABC retimes into its logic (docs/synthesis.md; tests/rtl/equiv_retimed_unit.sh proves the netlist decides as the unit); auto: 1, or while the unit is slower than the switch allocator synthesized in the same run (both blocks asked for) one stage more, up to 6. The unit's cycles are stages x ceil(delay / clock)."},
      {"synth.report", KeyType::kString, "''", 0, 0, {}, "synth.json written by hiradix synth for this network and routing; read when router.latency.rc is auto (path relative to the working directory)."},
      {"power.report", KeyType::kString, "''", 0, 0, {}, "synth.json written by hiradix synth for this network (same p, a, h, arrangement, routing, VCs, buffers, output queue and broadcast.phit_bits): result.json gets a power object, energy per packet and average power at the simulated load from its per-event energies and the link energies below. Empty: result.json has the activity counts only."},
      {"power.link_pj_per_bit.injection", KeyType::kFloat, "1.0", 0, 1e6, {}, "Energy per bit of a NIC-router link traversal in pJ, per phit broadcast.phit_bits bits (an assumption for a short electrical link, not measured: docs/synthesis.md)."},
      {"power.link_pj_per_bit.local", KeyType::kFloat, "5.0", 0, 1e6, {}, "Dragonfly: energy per bit of a local (intra-group) link traversal in pJ (an assumption for an electrical backplane or cable SerDes link, not measured: docs/synthesis.md)."},
      {"power.link_pj_per_bit.global", KeyType::kFloat, "10.0", 0, 1e6, {}, "Dragonfly: energy per bit of a global link traversal in pJ (an assumption for an optical cable with its transceivers, not measured: docs/synthesis.md)."},
    });
    return s;
  }());
  return schema;
}

namespace config_detail {

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
      // `topology: ~` (or {"topology": None} from Python) used to run the section's defaults silently.
      if (item.second.IsNull())
        config_fail(key, "is empty (null): give its keys, or leave the section out to take every default");
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

std::vector<long long> to_int_list(const KeySpec& k, const YAML::Node& n) {
  std::ostringstream range;
  range << "[" << static_cast<long long>(k.min) << ", " << static_cast<long long>(k.max) << "]";
  if (!n.IsSequence() || n.size() == 0)
    config_fail(k.key, "expected a non-empty list of integers such as [8, 8] (each in " + range.str() + ")");
  std::vector<long long> out;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const std::string where = k.key + "[" + std::to_string(i) + "]";
    if (!n[i].IsScalar()) config_fail(where, "expected an integer");
    out.push_back(to_int({where, KeyType::kInt, "", k.min, k.max, {}, ""}, n[i]));
  }
  return out;
}

std::vector<std::string> to_string_list(const KeySpec& k, const YAML::Node& n) {
  if (!n.IsSequence()) config_fail(k.key, "expected a list of names such as [a, b], or [] for none");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n.size(); ++i)
    out.push_back(to_choice({k.key + "[" + std::to_string(i) + "]", KeyType::kString, "", 0, 0, k.choices, ""}, n[i]));
  return out;
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
        pattern = to_choice({where + ".pattern", KeyType::kString, "", 0, 0, pattern_names(), ""}, kv.second);
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

}  // namespace config_detail

using namespace config_detail;

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
  Config c;
  ConfigValues v(c.resolved);
  for (const KeySpec& k : config_schema()) {  // every key, given or default
    auto it = given.find(k.key);
    v.values[k.key] = it != given.end() ? it->second : YAML::Load(k.default_value);
    if (v.values[k.key].IsNull()) config_fail(k.key, "has no value");
  }
  // router.latency.rc: auto takes the routing unit's cycles from a synthesis report (read_synthesis, once
  // the network and routing are known); a placeholder passes the integer check meanwhile.
  const bool rc_auto = v.values["router.latency.rc"].IsScalar() && v.values["router.latency.rc"].Scalar() == "auto";
  if (rc_auto) v.values["router.latency.rc"] = YAML::Load("1");
  // Type and range of every key, used by this run or not: a bad value is an error either way.
  for (const KeySpec& k : config_schema()) {
    nlohmann::json unused;
    switch (k.type) {
      case KeyType::kInt: to_int(k, v.values[k.key]); break;
      case KeyType::kFloat: to_float(k, v.values[k.key]); break;
      case KeyType::kString: to_choice(k, v.values[k.key]); break;
      case KeyType::kMix: to_mix(k, v.values[k.key], unused); break;
      case KeyType::kIntList: to_int_list(k, v.values[k.key]); break;
      case KeyType::kStringList: to_string_list(k, v.values[k.key]); break;
    }
  }
  const std::unique_ptr<Topology> topo = read_topology(v, c);
  read_router(v, c);
  const std::unique_ptr<RoutingAlgorithm> routing = read_routing(v, c, *topo);
  read_synthesis(v, c, *topo, rc_auto);
  read_rtl_and_traces(v, c, *topo);
  read_vcs_and_buffers(v, c, *routing, *topo);
  if (c.rc.mode != RcMode::kModel) {
    // What the routing's RTL cannot carry beyond the widths rc_config checked (min's hop-count VCs off the Dragonfly).
    const std::string why = routing->rtl_refusal();
    if (!why.empty()) config_fail("router.rc_mode", "the RTL routing unit cannot run this network: " + why);
    // The routing's state block in the RTL must fit its Verilated model (router 0's, built and dropped).
    make_rtl_state_blocks(*routing, c.routing, *topo, c.router, c.link_vcs(), 1);
  }
  read_power(v, c, *topo);
  read_traffic(v, c, *topo);
  read_simulation(v, c, *topo, *routing);
  v.set("sim.allow_deadlock", v.S("sim.allow_deadlock"));  // read by testbench/deadlock_check.cpp
  return c;
}

const LinkClassParams& Config::link(const std::string& name) const {
  const std::vector<LinkClassKeys>& classes = topology_entry(topology.type).link_classes;
  for (std::size_t i = 0; i < classes.size() && i < links.size(); ++i)
    if (classes[i].name == name) return links[i];
  throw std::out_of_range("topology " + topology.type + " has no link class '" + name + "'");
}

std::vector<int> Config::link_vcs() const {
  std::vector<int> vcs;
  for (const LinkClassParams& l : links) vcs.push_back(l.vcs);
  return vcs;
}

nlohmann::json Config::topology_params() const {
  nlohmann::json j = nlohmann::json::object();
  for (const KeySpec& k : topology_entry(topology.type).keys) {
    const std::string name = k.key.substr(k.key.find('.') + 1);
    if (k.type == KeyType::kInt) j[name] = topology.integer(k.key);
    else if (k.type == KeyType::kIntList) j[name] = topology.integers(k.key);
    else j[name] = topology.text(k.key);
  }
  return j;
}

std::unique_ptr<Topology> make_topology(const Config& c) { return make_topology(c.topology); }

std::unique_ptr<Topology> topology_of(const nlohmann::json& resolved) {
  if (!resolved.is_object() || !resolved.contains("topology") || !resolved["topology"].is_object()) return nullptr;
  const nlohmann::json& t = resolved["topology"];
  try {
    TopologyOptions options;
    options.type = t.value("type", options.type);
    for (const KeySpec& k : topology_entry(options.type).keys) {
      const std::string name = k.key.substr(k.key.find('.') + 1);
      if (!t.contains(name)) continue;
      options.set(k.key, t[name].is_string() ? t[name].get<std::string>() : t[name].dump());
    }
    return make_topology(options);
  } catch (const std::exception&) {
    return nullptr;
  }
}

std::vector<KeyReference> config_reference() {
  std::vector<KeyReference> rows;
  for (const KeySpec& k : config_schema()) {
    std::string allowed;
    if (k.type == KeyType::kString) {
      for (const auto& c : k.choices) allowed += (allowed.empty() ? "" : ", ") + std::string("`") + c + "`";
    } else if (k.type == KeyType::kMix) {
      allowed = "list";
    } else if (k.type == KeyType::kStringList) {
      for (const auto& c : k.choices) allowed += (allowed.empty() ? "list of " : ", ") + std::string("`") + c + "`";
    } else if (k.type == KeyType::kIntList) {
      std::ostringstream a;
      a << "list of integers ≥ " << static_cast<long long>(k.min);
      if (k.max < kBig) a << ", ≤ " << static_cast<long long>(k.max);
      allowed = a.str();
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
    rows.push_back({k.key, k.default_value, allowed, k.doc});
  }
  return rows;
}

std::string config_reference_markdown() {
  std::ostringstream s;
  s << "| key | default | allowed | meaning |\n|---|---|---|---|\n";
  for (const KeyReference& r : config_reference())
    s << "| `" << r.key << "` | `" << r.default_value << "` | " << r.allowed << " | " << r.meaning << " |\n";
  return s.str();
}

}  // namespace hiradix
