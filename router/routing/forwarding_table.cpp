#include "router/routing/forwarding_table.h"

namespace hiradix {

ForwardingTable::ForwardingTable(const Topology& topo)
    : ForwardingTable(topo, [&topo](int r, int t, int* out) { return topo.min_ports(r, t, out); }) {}

ForwardingTable::ForwardingTable(const Topology& topo, const PortSet& min_ports) : routers_(topo.routers()), radix_(topo.max_radix()) {
  if (bytes() > kMaxBytes) return;
  rows_.assign(bytes(), 0);
  int ports[kMaxRadix];
  for (int r = 0; r < routers_; ++r)
    for (int t = 0; t < routers_; ++t) {
      std::uint8_t* row = rows_.data() + (static_cast<std::size_t>(r) * routers_ + static_cast<std::size_t>(t)) * radix_;
      const int n = min_ports(r, t, ports);
      for (int i = 0; i < n; ++i) row[ports[i]] = 1;
    }
}

}  // namespace hiradix
