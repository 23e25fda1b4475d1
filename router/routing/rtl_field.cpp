#include "router/routing/rtl_field.h"

#include <stdexcept>
#include <string>

#include "router/routing/rtl_bus_layout.h"

namespace hiradix::rtl_decl {

int own_slot(const char* name) {
  static const BusLayout layout = lay_out_buses();
  const Slot* s = layout.find(layout.inputs, name);
  if (!s || s->own < 0) throw std::logic_error(std::string("no own routing input '") + name + "' (router/routing/*_rtl.h)");
  return s->own;
}

}  // namespace hiradix::rtl_decl
