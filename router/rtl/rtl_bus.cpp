#include "router/rtl/rtl_bus.h"

#include <stdexcept>

#include "router/rtl/rc_fields.h"

namespace hiradix {

const rtl_decl::BusLayout& rtl_bus() {
  static const rtl_decl::BusLayout layout = rtl_decl::lay_out_buses();
  return layout;
}

namespace {
const rtl_decl::Slot& slot(const std::vector<rtl_decl::Slot>& bus, const std::string& name, const char* what) {
  const rtl_decl::Slot* s = rtl_bus().find(bus, name);
  if (!s) throw std::out_of_range(std::string("no routing-unit ") + what + " '" + name + "' (router/routing/*_rtl.h)");
  return *s;
}
}  // namespace

RcConfig::RcConfig() : fields(rtl_bus().config.size(), 0) {}

std::int64_t RcConfig::field(const std::string& name) const {
  return fields[static_cast<std::size_t>(slot(rtl_bus().config, name, "configuration field").index)];
}

void RcConfig::set_field(const std::string& name, std::int64_t value) {
  fields[static_cast<std::size_t>(slot(rtl_bus().config, name, "configuration field").index)] = value;
}

RcInputs::RcInputs()
    : values(static_cast<std::size_t>(rtl_bus().input_entries), 0), present(rtl_bus().inputs.size(), 0) {}

std::uint32_t* RcInputs::input(const std::string& name) {
  const rtl_decl::Slot& s = slot(rtl_bus().inputs, name, "input");
  present[static_cast<std::size_t>(s.index)] = 1;
  return values.data() + s.entry;
}

const std::uint32_t* RcInputs::input(const std::string& name) const {
  return values.data() + slot(rtl_bus().inputs, name, "input").entry;
}

}  // namespace hiradix
