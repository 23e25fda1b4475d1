#include "router/rtl/rtl_vn_select.h"

#include <stdexcept>
#include <string>

#include "Vhiradix_vn_select_2.h"
#include "Vhiradix_vn_select_3.h"
#include "Vhiradix_vn_select_4.h"
#include "Vhiradix_vn_select_5.h"
#include "Vhiradix_vn_select_6.h"
#include "Vhiradix_vn_select_7.h"
#include "Vhiradix_vn_select_8.h"
#include "router/rtl/verilated_bits.h"
#include "verilated.h"

namespace hiradix {

// The models differ only in their port widths; each VN count is one instantiation of ModelOf.
class RtlVnSelect::Model {
 public:
  virtual ~Model() = default;
  virtual int least_loaded(const std::uint32_t* load) = 0;
  virtual void taken(int vn) = 0;
};

namespace {

constexpr int kLoadBits = 32;  // the models' LOAD_W

template <class V>
class ModelOf final : public RtlVnSelect::Model {
 public:
  ModelOf(int vns, bool tie_first) : vns_(vns) {
    v_.tie_first = tie_first;
    v_.taken = 0;
    verilated::reset(v_);
  }
  int least_loaded(const std::uint32_t* load) override {
    for (int vn = 0; vn < vns_; ++vn) verilated::set_bits(v_.load, vn * kLoadBits, kLoadBits, load[vn]);
    v_.eval();
    return v_.vn;
  }
  void taken(int vn) override {
    v_.taken = 1;
    v_.taken_vn = static_cast<CData>(vn);
    verilated::clock(v_);
    v_.taken = 0;
  }

 private:
  // A context of its own (as router/rtl/clocked_block.h's): each thread of a threaded run evaluates its
  // NICs' units alone.
  VerilatedContext context_;
  V v_{&context_, "vn_select"};
  int vns_;
};

std::unique_ptr<RtlVnSelect::Model> make_model(int vns, bool tie_first) {
  switch (vns) {
    case 2: return std::make_unique<ModelOf<Vhiradix_vn_select_2>>(vns, tie_first);
    case 3: return std::make_unique<ModelOf<Vhiradix_vn_select_3>>(vns, tie_first);
    case 4: return std::make_unique<ModelOf<Vhiradix_vn_select_4>>(vns, tie_first);
    case 5: return std::make_unique<ModelOf<Vhiradix_vn_select_5>>(vns, tie_first);
    case 6: return std::make_unique<ModelOf<Vhiradix_vn_select_6>>(vns, tie_first);
    case 7: return std::make_unique<ModelOf<Vhiradix_vn_select_7>>(vns, tie_first);
    case 8: return std::make_unique<ModelOf<Vhiradix_vn_select_8>>(vns, tie_first);
    default:
      throw std::invalid_argument("the RTL VN select takes " + std::to_string(RtlVnSelect::kMinVns) + " to " +
                                  std::to_string(RtlVnSelect::kMaxVns) + " VNs, not " + std::to_string(vns));
  }
}

}  // namespace

RtlVnSelect::RtlVnSelect(int vns, bool tie_first) : vns_(vns), model_(make_model(vns, tie_first)) {}

RtlVnSelect::~RtlVnSelect() = default;

int RtlVnSelect::least_loaded(const std::uint32_t* load) { return model_->least_loaded(load); }

void RtlVnSelect::taken(int vn) { model_->taken(vn); }

}  // namespace hiradix
