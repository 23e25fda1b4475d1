// The channel-dependency graph (router/routing/channel_dependencies.h): channels, their dependency bits,
// the search for a cycle, and the closure under the topology's rotation symmetry.
#include "router/routing/channel_dependencies.h"

#include <algorithm>
#include <stdexcept>

namespace hiradix {

ChannelGraph::ChannelGraph(const Topology& topo, std::vector<int> vcs) : topo_(topo), vcs_(std::move(vcs)) {
  if (vcs_.size() != topo.link_classes().size())
    throw std::invalid_argument("channel graph: " + std::to_string(vcs_.size()) + " VC counts for " +
                                std::to_string(topo.link_classes().size()) + " link classes");
  radix_ = topo.max_radix();
  vcs_max_ = std::max(1, *std::max_element(vcs_.begin(), vcs_.end()));
  words_ = (radix_ * vcs_max_ + 63) / 64;
  channels_ = static_cast<long>(topo.routers()) * radix_ * vcs_max_;
  peer_router_.assign(static_cast<std::size_t>(topo.routers()) * radix_, -1);
  peer_port_.assign(peer_router_.size(), -1);
  for (int r = 0; r < topo.routers(); ++r)
    for (int p = 0; p < topo.radix(r); ++p)
      if (topo.port_class(r, p) != 0) {
        const PortEnd e = topo.peer(r, p);
        peer_router_[static_cast<std::size_t>(r) * radix_ + p] = e.router;
        peer_port_[static_cast<std::size_t>(r) * radix_ + p] = e.port;
      }
  bits_.assign(static_cast<std::size_t>(channels_) * words_, 0);
}

Channel ChannelGraph::channel(long id) const {
  return {static_cast<int>(id / vcs_max_ / radix_), static_cast<int>((id / vcs_max_) % radix_), static_cast<int>(id % vcs_max_)};
}

void ChannelGraph::add(long from, int port, int vc) {
  const int bit = port * vcs_max_ + vc;
  bits_[static_cast<std::size_t>(from) * words_ + static_cast<std::size_t>(bit / 64)] |= std::uint64_t{1} << (bit % 64);
}

void ChannelGraph::add_set(long from, const std::uint64_t* set) {
  std::uint64_t* w = &bits_[static_cast<std::size_t>(from) * words_];
  for (int i = 0; i < words_; ++i) w[i] |= set[i];
}

bool ChannelGraph::has(long from, long to) const {
  const long base = successor(from, 0);
  if (to < base || to >= base + static_cast<long>(radix_) * vcs_max_) return false;
  const long bit = to - base;
  return bits_[static_cast<std::size_t>(from) * words_ + static_cast<std::size_t>(bit / 64)] >> (bit % 64) & 1;
}

int ChannelGraph::arrival_slot(long id) const {
  return peer_port_[static_cast<std::size_t>(id / vcs_max_)] * vcs_max_ + static_cast<int>(id % vcs_max_);
}

long ChannelGraph::arriving(int router, int slot) const {
  const std::size_t i = static_cast<std::size_t>(router) * radix_ + static_cast<std::size_t>(slot / vcs_max_);
  return id(peer_router_[i], peer_port_[i], slot % vcs_max_);
}

std::size_t ChannelGraph::edges() const {
  std::size_t n = 0;
  for (const std::uint64_t w : bits_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

std::size_t ChannelGraph::channels_with_edges() const {
  std::size_t n = 0;
  for (long c = 0; c < channels_; ++c)
    for (int i = 0; i < words_; ++i)
      if (bits_[static_cast<std::size_t>(c) * words_ + i]) {
        ++n;
        break;
      }
  return n;
}

bool ChannelGraph::contains(const ChannelGraph& other) const {
  if (other.bits_.size() != bits_.size()) return false;
  for (std::size_t i = 0; i < bits_.size(); ++i)
    if (other.bits_[i] & ~bits_[i]) return false;
  return true;
}

void ChannelGraph::add_vn_copies(const ChannelGraph& one_vn, int vns) {
  const ChannelGraph& o = one_vn;
  for (long c = 0; c < o.channels_; ++c) {
    const std::uint64_t* w = &o.bits_[static_cast<std::size_t>(c) * o.words_];
    const Channel from = o.channel(c);
    const int from_vcs = o.vcs(topo_.port_class(from.router, from.port));
    for (int i = 0; i < o.words_; ++i)
      for (std::uint64_t bits = w[i]; bits; bits &= bits - 1) {
        const int bit = i * 64 + __builtin_ctzll(bits);
        const int port = bit / o.vcs_max_, vc = bit % o.vcs_max_;
        const int to_vcs = o.vcs(topo_.port_class(o.peer(from.router, from.port).router, port));
        for (int v = 0; v < vns; ++v) add(id(from.router, from.port, from.vc + v * from_vcs), port, vc + v * to_vcs);
      }
  }
}

std::string ChannelGraph::name(long id) const {
  const Channel c = channel(id);
  const int cls = topo_.port_class(c.router, c.port);
  return "R" + std::to_string(c.router) + " p" + std::to_string(c.port) + " " +
         topo_.link_classes()[static_cast<std::size_t>(cls)] + " VC" + std::to_string(c.vc);
}

std::string ChannelGraph::describe(const std::vector<long>& cycle) const {
  std::string s;
  for (const long c : cycle) s += name(c) + " -> ";
  return cycle.empty() ? s : s + name(cycle.front());
}

std::vector<long> ChannelGraph::find_cycle() const {
  // Iterative depth-first search; colour 0 unvisited, 1 on the stack, 2 done.
  std::vector<std::uint8_t> colour(static_cast<std::size_t>(channels_), 0);
  struct Frame {
    long node;
    int word;
    std::uint64_t rest;  // successors of `word` not yet followed
  };
  std::vector<Frame> stack;
  std::vector<long> first;  // the first cycle met
  for (long start = 0; start < channels_ && first.empty(); ++start) {
    if (colour[static_cast<std::size_t>(start)]) continue;
    colour[static_cast<std::size_t>(start)] = 1;
    stack.push_back({start, 0, bits_[static_cast<std::size_t>(start) * words_]});
    while (!stack.empty() && first.empty()) {
      Frame& f = stack.back();
      if (!f.rest) {
        if (++f.word < words_) {
          f.rest = bits_[static_cast<std::size_t>(f.node) * words_ + static_cast<std::size_t>(f.word)];
          continue;
        }
        colour[static_cast<std::size_t>(f.node)] = 2;
        stack.pop_back();
        continue;
      }
      const int bit = f.word * 64 + __builtin_ctzll(f.rest);
      f.rest &= f.rest - 1;
      const long next = successor(f.node, bit);
      const std::uint8_t c = colour[static_cast<std::size_t>(next)];
      if (c == 1) {
        auto it = std::find_if(stack.begin(), stack.end(), [&](const Frame& g) { return g.node == next; });
        for (; it != stack.end(); ++it) first.push_back(it->node);
      } else if (c == 0) {
        colour[static_cast<std::size_t>(next)] = 1;
        stack.push_back({next, 0, bits_[static_cast<std::size_t>(next) * words_]});
      }
    }
    stack.clear();
  }
  if (first.empty()) return first;

  // A shortest cycle through each of (at most 32 of) the channels of that one, by breadth-first search.
  std::vector<long> best = first;
  std::vector<long> parent(static_cast<std::size_t>(channels_), -1);
  std::vector<long> touched, queue;
  for (std::size_t k = 0; k < first.size() && k < 32; ++k) {
    const long root = first[k];
    for (const long t : touched) parent[static_cast<std::size_t>(t)] = -1;
    touched.clear();
    queue.assign(1, root);
    long closing = -1;  // the channel whose edge leads back to root
    for (std::size_t head = 0; head < queue.size() && closing < 0; ++head) {
      const long u = queue[head];
      for (int w = 0; w < words_ && closing < 0; ++w)
        for (std::uint64_t rest = bits_[static_cast<std::size_t>(u) * words_ + static_cast<std::size_t>(w)]; rest; rest &= rest - 1) {
          const long v = successor(u, w * 64 + __builtin_ctzll(rest));
          if (v == root) {
            closing = u;
            break;
          }
          if (parent[static_cast<std::size_t>(v)] >= 0) continue;
          parent[static_cast<std::size_t>(v)] = u;
          touched.push_back(v);
          queue.push_back(v);
        }
    }
    if (closing < 0) continue;  // cannot happen: root lies on a cycle
    std::vector<long> cycle;
    for (long v = closing; v != root; v = parent[static_cast<std::size_t>(v)]) cycle.push_back(v);
    cycle.push_back(root);
    std::reverse(cycle.begin(), cycle.end());
    if (cycle.size() < best.size()) best = cycle;
  }
  std::rotate(best.begin(), std::min_element(best.begin(), best.end()), best.end());
  return best;
}

bool rotation_symmetric(const Topology& t) {
  if (t.domains() < 2) return false;
  const auto turn = [&](int r) { return t.router_in_domain((t.domain_of(r) + 1) % t.domains(), t.index_in_domain(r)); };
  for (int r = 0; r < t.routers(); ++r) {
    const int r2 = turn(r);
    if (t.radix(r2) != t.radix(r)) return false;
    for (int p = 0; p < t.radix(r); ++p) {
      const int cls = t.port_class(r, p);
      if (t.port_class(r2, p) != cls) return false;
      if (cls == 0) continue;
      const PortEnd e = t.peer(r, p), e2 = t.peer(r2, p);
      if (e2.router != turn(e.router) || e2.port != e.port) return false;
    }
  }
  return true;
}

void ChannelGraph::close_under_rotation() {
  const int domains = topo_.domains(), size = topo_.domain_size();
  std::vector<std::uint64_t> orbit(static_cast<std::size_t>(words_));
  for (int i = 0; i < size; ++i)
    for (int p = 0; p < radix_; ++p)
      for (int vc = 0; vc < vcs_max_; ++vc) {
        std::fill(orbit.begin(), orbit.end(), 0);
        for (int d = 0; d < domains; ++d) {
          const std::uint64_t* w = &bits_[static_cast<std::size_t>(id(topo_.router_in_domain(d, i), p, vc)) * words_];
          for (int k = 0; k < words_; ++k) orbit[static_cast<std::size_t>(k)] |= w[k];
        }
        for (int d = 0; d < domains; ++d) add_set(id(topo_.router_in_domain(d, i), p, vc), orbit.data());
      }
}

}  // namespace hiradix
