// The routing registry: one entry per routing mechanism, picked by `routing.algorithm` (BookSim's
// routing-function map, without its globals). An entry carries everything the rest of hiradix needs to
// know about a routing, so that no other layer names it: its config keys with their defaults and
// documentation (the schema fragment `hiradix keys` prints), how defaults that depend on the network are
// resolved, its RTL code, and its factory. The VCs it needs per link class, the router state it reads and
// the group-wide state it owns are the algorithm's own (RoutingAlgorithm).
//
// Adding a routing: one file with the algorithm and its `*_entry()` function, and one line in
// routing_registry.cpp (docs/architecture.md).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/schema/key_spec.h"
#include "router/routing/routing_algorithm.h"
#include "rtl_fields.h"
#include "rtl_routing_codes.h"
#include "topology/topology.h"

namespace hiradix {

// A routing key: its schema entry and, for a key whose default depends on the network, how the value
// given is resolved (e.g. 0 = min(6, p)); the resolved value is what runs and what result.json records.
struct RoutingKey {
  KeySpec spec;
  long long (*resolve)(long long given, const Topology& topo) = nullptr;
  // ... or on the routing (e.g. ACOR's IT_2, -1 = Table 5-3's value for acor or pb_acor).
  long long (*resolve_for_routing)(long long given, const std::string& algorithm) = nullptr;
  // Only the routings in `used_by` read it: a value other than the default with another routing is an error.
  std::vector<std::string> used_by = {};
  // How figures name it and its values ("UGAL T"; "" = its last word) and, when a value has a name of its
  // own there, that name ("group" -> "UGAL-G"; null: "LABEL = value").
  std::string label = "";
  std::string (*value_label)(const std::string& value) = nullptr;
};

// How figures and summaries name a routing, and its line style there (a colour and dash: the same routing
// looks the same in every figure; styles follow the order of the seeds' tables, tools/plot/plot_gnuplot.cpp).
struct RoutingDisplay {
  std::string name;
  int style = 0;
};

// A figure of a routing's own readings, drawn by `hiradix plot` for a sweep (tools/plot) and declared with
// the routing, so that the plot code names none. Two kinds:
// - kLevels: result.json's time series `routers_at_level` (RoutingState::level) around a traffic change,
//   over the sweep's points of the routings that declare the figure;
// - kTraceVsLoad: the mean of one column of the routing's trace CSV (RoutingEntry::trace_key) after the
//   warm-up, against offered load, where the sweep's config sets that trace.
struct RoutingFigure {
  enum class Kind { kLevels, kTraceVsLoad };
  Kind kind;
  std::string name;      // its files: NAME.svg, NAME.png, NAME.dat
  std::string title;     // kLevels: the lead of the context line; kTraceVsLoad: the title
  std::string quantity;  // what is drawn: "ACOR level" (panel titles), "IL" (the data blocks' columns)
  std::string note;      // kLevels: what level 0 is; kTraceVsLoad: what a point averages (title, after the router)
  // kTraceVsLoad only:
  std::string column = "";           // the trace CSV's column
  std::string ylabel = "";           // the y axis
  std::string threshold_key = "";    // a key drawn as a dashed line when in range ("" = none)
  std::string threshold_label = "";  // that line's legend
};

struct RoutingEntry {
  std::string name;              // the value of routing.algorithm
  RoutingDisplay display;        // "MIN", style 1
  std::string doc;               // what it is, for routing.algorithm's documentation
  std::vector<RoutingKey> keys;  // the keys it introduces (it may also read keys of the entries before it)
  int rtl_code;                  // cfg_algorithm of the RTL routing unit (rtl::ALG_*: router/routing/*_rtl.h)
  // Builds the routing for `topo` (throws std::invalid_argument if it is not defined on that topology).
  std::unique_ptr<RoutingAlgorithm> (*make)(const RoutingOptions& options, const Topology& topo);
  // One of its keys that names a CSV file of its decisions at trace.router (RoutingAlgorithm::open_trace);
  // "" = it has none.
  std::string trace_key = "";
  // Where its keys make it another routing of the seeds' figures: the name they give it under a resolved
  // config (the result.json "config" object; UGAL-G, "VAL -g-"), and the names of such variants with their
  // own styles (for a figure's label). Null / empty: always `display`.
  RoutingDisplay (*display_under)(const RoutingEntry& self, const nlohmann::json& config) = nullptr;
  std::vector<RoutingDisplay> display_variants = {};
  std::vector<RoutingFigure> figures = {};  // figures of its own readings (two entries may share one by name)
};

const std::vector<RoutingEntry>& routing_registry();
// How figures name routing `algorithm` under a resolved config (its display, or its variant's); the name
// itself and style 0 if it is not a routing.
RoutingDisplay routing_display_of(const std::string& algorithm, const nlohmann::json& config);
// A routing key's text in a resolved config (config["routing"]["phase_a"] for "routing.phase_a"); "" if it
// has none or it is not a string.
std::string routing_key_value(const nlohmann::json& config, const std::string& key);
// The key `key` among an entry's keys (for setting its label where the entry is made); throws
// std::logic_error if it has none.
RoutingKey& key_of(RoutingEntry& entry, const std::string& key);
// The entry called `name`; throws std::invalid_argument naming routing.algorithm if there is none.
const RoutingEntry& routing_entry(const std::string& name);
// routing.algorithm, routing.vc_scheme, then every entry's keys in registry order.
const std::vector<RoutingKey>& routing_keys();
// Resolves the network-dependent defaults of `options` in place.
void resolve_routing_options(RoutingOptions& options, const Topology& topo);
// The algorithm of options.algorithm with its keys resolved for `topo`.
std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Topology& topo);

}  // namespace hiradix
