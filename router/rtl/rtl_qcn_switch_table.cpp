// QCN-Switch's table of probabilities (rtl/hiradix_qcn_switch_table.v) in the network's co-simulation: every
// event the C++ table takes (a data packet sent on a transit port, a CNM through one or made for it) is
// clocked into the block as it happens, one per clock, in the C++ order; a decision at an injection port
// towards another group (a Dragonfly's group, a Flattened Butterfly's row: StateBlockSetup::domain_of) reads
// P of the minimal rule's port in whole percent (the routing unit's qcn_p), 0 towards its own group, as
// QcnSwitchOn::gather. One model per kind of table: the feedback comparison's and
// base / source's (CMakeLists.txt, Vcosim_qcn_switch_table_*), each with room for kPorts transit ports.
#include <memory>
#include <string>
#include <vector>

#include "Vcosim_qcn_switch_table_aimd.h"
#include "Vcosim_qcn_switch_table_compare.h"
#include "router/rtl/clocked_block.h"
#include "router/rtl/rtl_state_block.h"

namespace hiradix {
namespace {

constexpr int kPorts = HIRADIX_COSIM_QCN_PORTS;
constexpr long long kMaxPcL = (1ll << HIRADIX_COSIM_QCN_CW) - 1;

template <class Model>
class RtlQcnSwitchTable final : public RtlStateBlock {
 public:
  RtlQcnSwitchTable(const StateBlockSetup& s, int router) : p_(s.p), group_(s.domain_of(router)) {
    const int transit = s.transit;
    refuse_above(s.dragonfly ? "topology.h" : "topology.dims", "qcn_switch_table", transit, kPorts,
                 "transit ports (router-to-router ports of a switch)");
    const long long lf_inverse = s.integer("routing.qcn_lf_inverse"), pc_l = s.integer("routing.qcn_pc_l");
    int shift = 0;
    while ((1ll << shift) < lf_inverse) ++shift;
    if ((1ll << shift) != lf_inverse)
      config_fail("routing.qcn_lf_inverse", "the co-simulated qcn_switch_table divides by 1 / L_f with a shift: a power "
                                            "of two (64, 128), not " + std::to_string(lf_inverse));
    refuse_above("routing.qcn_pc_l", "qcn_switch_table", pc_l, kMaxPcL, "packets");
    Model& m = model_;
    verilated::assign(m.cfg_transit, static_cast<std::uint64_t>(transit));
    verilated::assign(m.cfg_lf_shift, static_cast<std::uint64_t>(shift));
    verilated::assign(m.cfg_pc_l, static_cast<std::uint64_t>(pc_l));
    verilated::assign(m.cfg_pi, static_cast<std::uint64_t>(s.integer("routing.qcn_pi_percent") * 512));
    verilated::assign(m.cfg_th1, static_cast<std::uint64_t>(s.integer("routing.qcn_th1")));
    verilated::assign(m.cfg_th2, static_cast<std::uint64_t>(s.integer("routing.qcn_th2")));
    verilated::assign(m.cfg_p_min, 1);
    m.ev_valid = 0;
    verilated::reset(m);
    // The minimal rule's port towards each group (the same towards each of its routers).
    for (int g = 0; g < s.domains; ++g) rule_port_.push_back(g == group_ ? -1 : s.rule_port(router, g));
  }
  const char* name() const override { return "qcn_switch_table"; }
  const std::vector<std::string>& feeds() const override {
    static const std::vector<std::string> kFeeds = {"qcn_p"};
    return kFeeds;
  }
  void qcn_sent(int port) override { event(false, port, 0); }
  void qcn_cnm(int port, int fb) override { event(true, port, fb); }
  void read(Cycle, int dst_group, std::uint32_t* values) override {
    if (dst_group == group_) {
      values[0] = 0;
      return;
    }
    Model& m = model_;
    verilated::assign(m.rd_port, static_cast<std::uint64_t>(rule_port_[static_cast<std::size_t>(dst_group)] - p_));
    m.eval();
    values[0] = m.rd_percent;
  }

 private:
  void event(bool cnm, int port, int fb) {
    Model& m = model_;
    m.ev_valid = 1;
    m.ev_cnm = cnm ? 1 : 0;
    verilated::assign(m.ev_port, static_cast<std::uint64_t>(port - p_));  // transit ports from p on
    verilated::assign(m.ev_fb, static_cast<std::uint64_t>(fb));
    verilated::clock(m);
    m.ev_valid = 0;
  }
  // A context of its own (as ClockedBlock's): not whichever context was made last in the thread.
  VerilatedContext context_;
  Model model_{&context_, "state_block"};
  int p_, group_;
  std::vector<int> rule_port_;  // per destination group, the router's port
};

}  // namespace

std::unique_ptr<RtlStateBlock> make_rtl_qcn_switch_table(const StateBlockSetup& setup, int router) {
  if (setup.text("routing.qcn_variant") == "compare")
    return std::make_unique<RtlQcnSwitchTable<Vcosim_qcn_switch_table_compare>>(setup, router);
  return std::make_unique<RtlQcnSwitchTable<Vcosim_qcn_switch_table_aimd>>(setup, router);
}

}  // namespace hiradix
