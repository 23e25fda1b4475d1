#include "tlm/cut_links.h"

#include <stdexcept>

#include "tlm/wire_bytes.h"

namespace hiradix {

namespace {

// One posted message on the wire between ranks; a forward head flit is followed by its Packet.
struct Wire {
  std::uint32_t from, to;  // the sending and receiving partitions
  std::uint32_t link;      // the cut link's index among the forward or the backward ends
  std::uint32_t forward;
  LinkMessage msg;
};

std::uint64_t arrival_key(std::uint32_t link, PacketId sender_id) { return (std::uint64_t{link} << 32) | sender_id; }

}  // namespace

void CutLinks::exchange_ranks(Ranks& world, const std::vector<int>& rank_of, PacketPool& pool, PacketSideTable side) {
  const int me = world.rank();
  std::vector<std::vector<char>> out(static_cast<std::size_t>(world.size()));
  for (std::size_t from = 0; from < partitions_; ++from) {
    if (rank_of[from] != me) continue;
    for (std::size_t to = 0; to < partitions_; ++to) {
      const int dest = rank_of[to];
      if (dest == me) continue;
      Outbox& box = outbox(static_cast<int>(from), static_cast<int>(to));
      std::vector<char>& bytes = out[static_cast<std::size_t>(dest)];
      for (const Posted& p : box) {
        wire::put(bytes, Wire{static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to), p.link, p.forward, p.msg});
        if (!p.forward) continue;
        if (p.msg.flags & kHeadFlit) {
          wire::put(bytes, pool[p.msg.packet]);
          wire::put_bytes(bytes, side.records + p.msg.packet * side.bytes, side.bytes);
        }
        if (p.msg.flags & kTailFlit) pool.release(p.msg.packet, static_cast<int>(from));  // it lives there now
      }
      box.clear();
    }
  }
  const std::vector<std::vector<char>> in = world.exchange(out);
  for (std::size_t r = 0; r < in.size(); ++r) {
    if (static_cast<int>(r) == me) continue;
    for (std::size_t at = 0; at < in[r].size();) {
      Wire w = wire::take<Wire>(in[r], at);
      if (w.forward) {
        const std::uint64_t key = arrival_key(w.link, w.msg.packet);
        PacketId here;
        if (w.msg.flags & kHeadFlit) {
          here = pool.allocate(static_cast<int>(w.to));
          pool[here] = wire::take<Packet>(in[r], at);
          wire::take_bytes(in[r], at, side.records + here * side.bytes, side.bytes);
          if (!(w.msg.flags & kTailFlit)) arriving_[key] = here;
        } else {
          const auto found = arriving_.find(key);
          if (found == arriving_.end()) throw std::logic_error("a flit arrived from another rank without its head");
          here = found->second;
          if (w.msg.flags & kTailFlit) arriving_.erase(found);
        }
        w.msg.packet = here;
      }
      Outbox& box = outbox(static_cast<int>(w.from), static_cast<int>(w.to));
      box.push_back(w.forward ? forwards_[w.link].posted : backwards_[w.link].posted);
      box.back().msg = w.msg;
    }
  }
}

}  // namespace hiradix
