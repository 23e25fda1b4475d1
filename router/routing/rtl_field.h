// The routing unit's fields as each routing declares them, in its own router/routing/*_rtl.h: its
// configuration fields (constants once synthesized, each from one of its keys) and its inputs (the router
// state a decision reads, each from a member of the routing context). The build lays them out, in the
// order of those files and of their lines, on the unit's two buses: `cfg` and `state`
// (cmake/rtl_bus_gen.cpp writes the Verilog slices every routing submodule reads by name; rtl_bus.h gives
// the C++ bridge the same layout). The bridge (packing, the JSON of mismatch records, replay, the options
// back) and the synthesis wrapper iterate the declarations: no other file names a routing's field.
//
// Plain constexpr data with no dependencies beyond the routing context and the field widths, so that the
// generator, compiled and run at configure time, includes the declarations on their own.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "router/routing/routing_context.h"
#include "rtl_fields.h"

namespace hiradix::rtl_decl {

enum class Bus : std::uint8_t {
  kConfig,  // on the configuration bus, as cfg_NAME
  kInput,   // on the input bus, as NAME
  kSource,  // no bits: routing `algorithm` feeds configuration field `name` from `key`, not from the field's own key
};

// How a configuration field's value comes from its key.
enum class FromKey : std::uint8_t {
  kInteger,  // the key's integer value
  kPhits,    // a threshold key in flits, in phits (RoutingOptions::threshold_phits); signed
  kChoice,   // the position of the key's text among `choices` ("a|b|c")
};

// An input's entries: one, one per output port, per output port and VC 0..READY_W-1 (entry port * READY_W
// + vc), or per global link of the router's group (entry router index * h + global port).
enum class Entries : std::uint8_t { kOne, kPerPort, kPerPortVc, kPerGroupLink };

// How many entries of an input a network with `ports` ports per router and `group_links` global links per
// group (a * h) uses: the packing fills those and the synthesis wrapper ties the rest to 0. At most the
// RTL's MAX_GLINKS group links (rc_config refuses more when an input reads them).
constexpr int entries_of(Entries e, int ports, int group_links) {
  switch (e) {
    case Entries::kOne: return 1;
    case Entries::kPerPort: return ports;
    case Entries::kPerPortVc: return ports * rtl::READY_W;
    case Entries::kPerGroupLink: return group_links < rtl::MAX_GLINKS ? group_links : rtl::MAX_GLINKS;
  }
  return 0;
}

// The entries the RTL has: those of the largest network.
constexpr int entry_count(Entries e) { return entries_of(e, rtl::MAX_PORTS, rtl::MAX_GLINKS); }

// Storage that a replayed context's arrays point into (kept by whoever replays).
using ReplayStore = std::vector<std::shared_ptr<void>>;

// Where an input's C++ value is: a member of the routing context (the router's port view), or one of the
// context's slots for a routing's own inputs (RoutingContext::own, own_arrays; the layout numbers them).
enum class Own : std::uint8_t { kNo, kScalar, kArray };

// How an input's values leave and enter a routing context (`slot`: its own-input slot, if it has one).
struct Binding {
  // Copies `count` entries into `out`, each saturated (`saturate`) or masked to `width` bits; false (and
  // nothing copied) when the context does not have it (a null array).
  bool (*read)(const RoutingContext& ctx, int slot, int count, int width, bool saturate, std::uint32_t* out) = nullptr;
  // Points the context's member or slot at (or sets it to) `values`, copied into storage kept in `store`.
  void (*write)(RoutingContext& ctx, int slot, const std::uint32_t* values, int count, ReplayStore& store) = nullptr;
};

namespace detail {
template <typename C, typename T>
T member_type(T C::*);

inline std::uint32_t fit(long long v, int width, bool saturate) {
  const long long top = (1LL << width) - 1;
  if (saturate) return static_cast<std::uint32_t>(v < 0 ? 0 : v > top ? top : v);
  return static_cast<std::uint32_t>(v & top);
}

template <typename T>
bool read_value(const T& v, int count, int width, bool saturate, std::uint32_t* out) {
  if constexpr (std::is_pointer_v<T>) {
    if (!v) return false;
    for (int i = 0; i < count; ++i) out[i] = fit(static_cast<long long>(v[i]), width, saturate);
  } else {
    out[0] = fit(static_cast<long long>(v), width, saturate);
  }
  return true;
}

template <typename T>
void write_value(T& v, const std::uint32_t* values, int count, ReplayStore& store) {
  if constexpr (std::is_pointer_v<T>) {
    using E = std::remove_const_t<std::remove_pointer_t<T>>;
    std::shared_ptr<E[]> copy(new E[static_cast<std::size_t>(count)]);
    for (int i = 0; i < count; ++i) copy[static_cast<std::size_t>(i)] = static_cast<E>(values[i]);
    v = copy.get();
    store.push_back(copy);
  } else {
    v = static_cast<T>(values[0]);
  }
}

template <auto Member>
bool read(const RoutingContext& ctx, int, int count, int width, bool saturate, std::uint32_t* out) {
  return read_value(ctx.*Member, count, width, saturate, out);
}
template <auto Member>
void write(RoutingContext& ctx, int, const std::uint32_t* values, int count, ReplayStore& store) {
  write_value(ctx.*Member, values, count, store);
}
inline bool read_own(const RoutingContext& ctx, int slot, int count, int width, bool saturate, std::uint32_t* out) {
  return read_value(ctx.own[slot], count, width, saturate, out);
}
inline void write_own(RoutingContext& ctx, int slot, const std::uint32_t* values, int count, ReplayStore& store) {
  write_value(ctx.own[slot], values, count, store);
}
inline bool read_own_array(const RoutingContext& ctx, int slot, int count, int width, bool saturate, std::uint32_t* out) {
  return read_value(ctx.own_arrays[slot], count, width, saturate, out);
}
inline void write_own_array(RoutingContext& ctx, int slot, const std::uint32_t* values, int count, ReplayStore& store) {
  write_value(ctx.own_arrays[slot], values, count, store);
}
}  // namespace detail

struct Field {
  Bus bus = Bus::kConfig;
  const char* name = "";  // the Verilog name (cfg_NAME on the configuration bus) and, unless `json`, the JSON name
  int width = 0;          // bits per entry
  Entries entries = Entries::kOne;
  bool is_signed = false;
  // Configuration fields (and kSource):
  FromKey from = FromKey::kInteger;
  const char* key = "";         // the key its value comes from
  const char* choices = "";     // kChoice: "a|b|c"
  const char* algorithm = "";   // kSource: the routing that feeds `name` from `key`
  const char* param = "";       // a Verilog parameter of the unit that synthesis sets to this field's value
  // Inputs:
  Binding binding{};
  Own own = Own::kNo;
  bool saturate = false;      // values above the field saturate (else they are masked)
  const char* when = "";      // read only when this (1-bit) configuration field is set; tied to 0 otherwise
  const char* with = "";      // present only when this other input is (the routings that read one read both)
  const char* json = "";      // the name in mismatch records if not `name` (today's names, so old records replay)
  // The topologies (Topology::name(), "a|b") whose routings fill it, "" for every one: hiradix synth ties it
  // to 0 on any other network (a family's geometry inputs: the mesh's, the Flattened Butterfly's).
  const char* topologies = "";

  constexpr Field named_in_json(const char* j) const { Field f = *this; f.json = j; return f; }
  constexpr Field saturating() const { Field f = *this; f.saturate = true; return f; }
  constexpr Field only_when(const char* flag) const { Field f = *this; f.when = flag; return f; }
  constexpr Field only_with(const char* input) const { Field f = *this; f.with = input; return f; }
  constexpr Field sets_param(const char* p) const { Field f = *this; f.param = p; return f; }
  constexpr Field on(const char* t) const { Field f = *this; f.topologies = t; return f; }
  constexpr int entry_total() const { return bus == Bus::kInput ? entry_count(entries) : 1; }
  constexpr int bits() const { return bus == Bus::kSource ? 0 : width * entry_total(); }
};

constexpr Field config(const char* name, int width, const char* key, FromKey from = FromKey::kInteger,
                       const char* choices = "") {
  Field f;
  f.bus = Bus::kConfig;
  f.name = name;
  f.width = width;
  f.key = key;
  f.from = from;
  f.is_signed = from == FromKey::kPhits;
  f.choices = choices;
  return f;
}

// Routing `algorithm` feeds configuration field `field` from `key` (Hybrid's counter threshold, for one).
constexpr Field source(const char* field, const char* algorithm, const char* key) {
  Field f;
  f.bus = Bus::kSource;
  f.name = field;
  f.algorithm = algorithm;
  f.key = key;
  return f;
}

// An input from a member of the routing context: the router's port view.
template <auto Member>
constexpr Field input(const char* name, int width, Entries entries = Entries::kOne) {
  Field f;
  f.bus = Bus::kInput;
  f.name = name;
  f.width = width;
  f.entries = entries;
  f.binding = Binding{&detail::read<Member>, &detail::write<Member>};
  return f;
}

// A routing's own input (one value), in a slot of the context: its family reaches it through an accessor
// in its *_rtl.h (own_scalar).
constexpr Field own_input(const char* name, int width) {
  Field f;
  f.bus = Bus::kInput;
  f.name = name;
  f.width = width;
  f.own = Own::kScalar;
  f.binding = Binding{&detail::read_own, &detail::write_own};
  return f;
}

// A routing's own input of several 8-bit entries, in an array slot of the context (own_array).
constexpr Field own_array_input(const char* name, int width, Entries entries) {
  Field f = own_input(name, width);
  f.entries = entries;
  f.own = Own::kArray;
  f.binding = Binding{&detail::read_own_array, &detail::write_own_array};
  return f;
}

// A routing family's accessors to its own inputs, `NAME(ctx)` for a const or a mutable context, at the
// slot the configure-time generator numbered (<build>/generated/rtl_own_slots.h, rtl_own::NAME). Used in
// the family's C++ headers, not in its *_rtl.h (which the generator itself compiles).
#define HIRADIX_OWN_SCALAR(NAME)                                                                   \
  inline std::int32_t& NAME(RoutingContext& c) { return c.own[rtl_own::NAME]; }                     \
  inline std::int32_t NAME(const RoutingContext& c) { return c.own[rtl_own::NAME]; }
#define HIRADIX_OWN_ARRAY(NAME)                                                                    \
  inline const std::uint8_t*& NAME(RoutingContext& c) { return c.own_arrays[rtl_own::NAME]; }      \
  inline const std::uint8_t* NAME(const RoutingContext& c) { return c.own_arrays[rtl_own::NAME]; }

// One routing file's declarations (rtl_bus.h lists them all).
struct FieldList {
  const Field* fields;
  int count;
};

template <std::size_t N>
constexpr FieldList list_of(const Field (&fields)[N]) {
  return {fields, static_cast<int>(N)};
}

// A routing the unit decides: its name (routing.algorithm) and its code on cfg_algorithm (ALG_NAME in the
// RTL, rtl::ALG_NAME in C++; ALG_W bits). A code is kept for good once given: mismatch records and
// synthesis reports hold it. `algorithm`: the routing.algorithm it decides when its name is not one (a
// second code of a routing on other topologies: `generic_min` is `min` where the topology is not the
// Dragonfly's; rc_config takes the code whose submodule serves the network).
struct RoutingCode {
  const char* name;
  int code;
  const char* algorithm = "";

  constexpr const char* routing() const { return *algorithm ? algorithm : name; }
};

// A routing family's submodule, rtl/routing/hiradix_route_NAME.v, and the routings whose decision it makes;
// `param`: a parameter of the unit its instance passes on (UGAL's VC_LOAD). The unit's instances and its
// choice of decision by cfg_algorithm are generated from these (rtl_bus_verilog.h).
struct Submodule {
  const char* name;
  const RoutingCode* routings;
  int count;
  const char* param;
  // The topologies (Topology::name(), "a|b") whose geometry the submodule reads: the Dragonfly's
  // (rtl/topology/hiradix_dragonfly_geometry.v, the unit's own) unless it says otherwise. The bridge refuses
  // its routings on any other (rc_config), e.g. `min` on a mesh, whose C++ is then GenericMinRouting.
  const char* topologies = "dragonfly";
  // The most pipeline stages its RTL offers: 2 when the module has a register cut after its first stage,
  // taken with the unit's parameter STAGES (the synthesis flow: synth.rc_stages), which it then receives.
  int stages = 1;

  constexpr Submodule on(const char* t) const { Submodule m = *this; m.topologies = t; return m; }
  constexpr Submodule in_stages(int n) const { Submodule m = *this; m.stages = n; return m; }
};

template <std::size_t N>
constexpr Submodule submodule(const char* name, const RoutingCode (&routings)[N], const char* param = "") {
  return {name, routings, static_cast<int>(N), param};
}

}  // namespace hiradix::rtl_decl
