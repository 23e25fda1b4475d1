// Where each declared routing-unit field sits on the unit's buses (router/routing/rtl_field.h): the
// configuration fields one after the other on `cfg`, the inputs on `state`, LSB first, in the order of the
// declaration files and of their lines. One function, used by the configure-time generator of the Verilog
// slices (cmake/rtl_bus_gen.cpp) and by the C++ bridge (router/rtl/), so the two cannot disagree.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "router/routing/rtl_field.h"
#include "rtl_declarations.h"

namespace hiradix::rtl_decl {

struct Slot {
  const Field* field;
  int lsb;    // on its bus
  int index;  // among the fields of its bus (0, 1, ...)
  int entry;  // inputs: its first entry among all inputs' entries (RcInputs::values)
  int own;    // a routing's own input: its slot in RoutingContext::own or own_arrays (else -1)
  int with = -1;  // an input present only with another: that one's index
};

struct BusLayout {
  std::vector<Slot> config, inputs;
  std::vector<const Field*> sources;  // kSource declarations
  int config_bits = 0, input_bits = 0;
  int input_entries = 0;  // sum of the inputs' entries
  int own_scalars = 0, own_arrays = 0;  // the context slots the own inputs take

  const Slot* find(const std::vector<Slot>& bus, const std::string& name) const {
    for (const Slot& s : bus)
      if (name == s.field->name) return &s;
    return nullptr;
  }
};

// Throws std::logic_error for a declaration that names a missing field or repeats a name.
inline BusLayout lay_out_buses() {
  BusLayout b;
  for (const FieldList& list : kAllFields)
    for (int i = 0; i < list.count; ++i) {
      const Field& f = list.fields[i];
      if (f.bus == Bus::kSource) {
        b.sources.push_back(&f);
        continue;
      }
      std::vector<Slot>& bus = f.bus == Bus::kConfig ? b.config : b.inputs;
      int& bits = f.bus == Bus::kConfig ? b.config_bits : b.input_bits;
      if (b.find(bus, f.name)) throw std::logic_error(std::string("routing-unit field ") + f.name + " is declared twice");
      int own = -1;
      if (f.own == Own::kScalar) own = b.own_scalars++;
      if (f.own == Own::kArray) own = b.own_arrays++;
      bus.push_back({&f, bits, static_cast<int>(bus.size()), f.bus == Bus::kInput ? b.input_entries : 0, own});
      bits += f.bits();
      if (f.bus == Bus::kInput) b.input_entries += f.entry_total();
    }
  if (b.own_scalars > RoutingContext::kOwnScalars || b.own_arrays > RoutingContext::kOwnArrays)
    throw std::logic_error("the routings' own inputs (" + std::to_string(b.own_scalars) + " values, " + std::to_string(b.own_arrays) +
                           " arrays) exceed RoutingContext::kOwnScalars / kOwnArrays");
  for (const Field* s : b.sources)
    if (!b.find(b.config, s->name))
      throw std::logic_error(std::string("routing-unit source for ") + s->algorithm + " names no configuration field " + s->name);
  for (Slot& s : b.inputs)
    if (*s.field->with) {
      const Slot* other = b.find(b.inputs, s.field->with);
      if (!other || *other->field->with)
        throw std::logic_error(std::string("routing-unit input ") + s.field->name + " is present with " + s.field->with +
                               ", which is no input of its own presence");
      s.with = other->index;
    }
  for (const Slot& s : b.inputs)
    if (*s.field->when && !b.find(b.config, s.field->when))
      throw std::logic_error(std::string("routing-unit input ") + s.field->name + " is read when " + s.field->when +
                             ", which is no configuration field");
  return b;
}

}  // namespace hiradix::rtl_decl
