#include "router/rtl/unit_geometry.h"

#include <stdexcept>

namespace hiradix {

// The families (each in its *_unit_geometry.cpp). The Dragonfly comes last: it takes every record, the
// records written before the other families existed included (they carry none of their inputs).
extern const UnitGeometry kMeshUnitGeometry, kFlattenedButterflyUnitGeometry, kKnsUnitGeometry, kFullyConnectedUnitGeometry,
    kDragonflyUnitGeometry;
namespace {
const UnitGeometry* const kFamilies[] = {&kMeshUnitGeometry, &kFlattenedButterflyUnitGeometry, &kKnsUnitGeometry,
                                         &kFullyConnectedUnitGeometry, &kDragonflyUnitGeometry};
}  // namespace

const UnitGeometry* unit_geometry(const Topology& network) {
  for (const UnitGeometry* g : kFamilies)
    if (lists_topology(g->topologies, network.name())) return g;
  return nullptr;
}

std::string unit_geometry_topologies() {
  std::string out;
  for (const UnitGeometry* g : kFamilies) {
    if (!out.empty()) out += ", ";
    for (const char* ch = g->topologies; *ch; ++ch) out += *ch == '|' ? std::string(", ") : std::string(1, *ch);
  }
  return out;
}

std::unique_ptr<Topology> record_network(const RcInputs& in) {
  for (const UnitGeometry* g : kFamilies)
    if (std::unique_ptr<Topology> t = g->network_of(in)) return t;
  throw std::invalid_argument("a routing decision record that no routing-unit geometry recognises");
}

bool lists_topology(const char* list, const std::string& topology) {
  return (std::string("|") + list + "|").find("|" + topology + "|") != std::string::npos;
}

void check_fits(const std::string& what, long long value, int bits) {
  if (value < 0 || value >= (1LL << bits))
    throw std::invalid_argument(what + " = " + std::to_string(value) + " does not fit the RTL's " + std::to_string(bits) +
                                "-bit field (rtl/hiradix_fields.vh)");
}

}  // namespace hiradix
