#include "topology/fully_connected.h"

#include <stdexcept>

namespace hiradix {

namespace {
int mod(int x, int m) { return ((x % m) + m) % m; }
}  // namespace

FullyConnected::FullyConnected(int routers, int p, int nics) : routers_(routers), p_(p), nics_(nics), per_router_(nics > 0 ? p / nics : 0) {
  if (routers < 2) throw std::invalid_argument("fully_connected: at least 2 routers");
  if (p < 1 || nics < 1 || p % nics != 0) throw std::invalid_argument("fully_connected: p must be a positive multiple of nics");
  if (nics > routers) throw std::invalid_argument("fully_connected: a node's NICs need as many distinct routers");
}

int FullyConnected::port_to(int router, int target) const { return p_ + mod(target - router - 1, routers_); }

PortEnd FullyConnected::peer(int router, int port) const {
  if (port < p_) throw std::logic_error("fully_connected: terminal ports have no router peer");
  const int target = mod(router + 1 + (port - p_), routers_);
  return {target, port_to(target, router)};
}

PortEnd FullyConnected::nic_port(int node, int nic) const {
  const int home = node / per_router_, i = node % per_router_;
  return {mod(home + nic, routers_), nic * per_router_ + i};
}

int FullyConnected::node_at(int router, int port) const {
  const int nic = port / per_router_, i = port % per_router_;
  return mod(router - nic, routers_) * per_router_ + i;
}

int FullyConnected::min_ports(int router, int target, int* out) const {
  if (router == target) return 0;
  *out = port_to(router, target);
  return 1;
}

std::string FullyConnected::describe() const {
  return "fully_connected routers=" + std::to_string(routers_) + " p=" + std::to_string(p_) + " nics=" + std::to_string(nics_);
}

std::string FullyConnected::title() const {
  return "Fully connected, " + std::to_string(routers_) + " routers (p = " + std::to_string(p_) +
         (nics_ > 1 ? ", " + std::to_string(nics_) + " NICs per node)" : ")");
}

const std::vector<std::string>& FullyConnected::link_classes() const {
  static const std::vector<std::string> classes = {"terminal", "network"};
  return classes;
}

}  // namespace hiradix
