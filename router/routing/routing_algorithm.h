// The routing-unit interface (DESIGN §3.2): (router, input port, header route state, destination,
// router state, random bits) -> (output port, VC, new header route state, misroute flag).
// One implementation per file, chosen by `routing.algorithm`.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "router/rng.h"
#include "router/routing/dragonfly.h"
#include "tlm/packet.h"

namespace hiradix {

// What the routing unit may read of its router (grows with the adaptive mechanisms).
struct RoutingContext {
  int router = 0;
  int in_port = 0;
  Rng* rng = nullptr;
  const std::int32_t* contention = nullptr;  // per output port (seed-003 §1.3)
};

struct RoutingDecision {
  std::uint16_t out_port = 0;
  std::uint8_t out_vc = 0;
  std::uint16_t min_port = 0;  // the minimal output towards the destination (contention counters)
  bool misroute = false;       // the packet left its minimal path at this hop
};

// VCs a routing needs per link class for deadlock freedom (VC index = hops already taken on that class,
// seed-000 §1.6).
struct VcRequirement {
  int local = 1;
  int global = 1;
};

class RoutingAlgorithm {
 public:
  explicit RoutingAlgorithm(const Dragonfly& topo) : topo_(topo) {}
  virtual ~RoutingAlgorithm() = default;
  virtual std::string name() const = 0;
  virtual VcRequirement vcs_needed() const = 0;
  // Called once per hop, when the packet's header reaches the head of its input VC; updates pkt.route.
  virtual RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const = 0;

 protected:
  // Takes the minimal hop from ctx.router towards `target` (or ejects when the packet is home), assigns
  // the VC by the per-class hop count and advances the header's hop counters.
  RoutingDecision minimal_hop(int router, int target, Packet& pkt) const;
  const Dragonfly& topo_;
};

struct RoutingOptions {
  std::string algorithm = "min";  // min | valiant
  std::string phase_a = "lgl";    // lgl | lg- | -gl | -g-
};

std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Dragonfly& topo);

}  // namespace hiradix
