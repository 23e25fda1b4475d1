// The figures of `hiradix plot` (tools/plot/plot.h), each a function from the sweep and its layout to a
// Figure (plot_gnuplot.h); a Figure without a name means the figure does not apply to this sweep (no load
// varied, no time series, no points with a result), with the reason in `why_not`.
#pragma once
#include <string>
#include <vector>

#include "router/routing/routing_registry.h"
#include "tools/plot/plot_gnuplot.h"
#include "tools/plot/plot_sweep.h"

namespace hiradix::plot {

// Against offered load (plot_load.cpp): one panel per traffic pattern with shared axes.
Figure latency_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
Figure accepted_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
Figure contention_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);

// Per router at each curve's highest offered load, with Jain's index (plot_fairness.cpp).
Figure fairness_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);

// Accepted load per ADV+i offset at one offered load (plot_offset.cpp).
Figure offset_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);

// A routing's figure of a column of its trace (`trace_key`, the entry's) per offered load, from the points'
// trace files (plot_routing_trace.cpp): LIAN's intermediate-local counter.
Figure routing_trace_figure(const RoutingFigure& figure, const std::string& trace_key, const SweepTable& sweep,
                            const Layout& layout, std::string& why_not);

// Per time bin around a traffic change (plot_time.cpp).
Figure transient_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
Figure contention_trace_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
// Their numbers per point and seed (level before and after, peak, settling time; plot_transient_summary.cpp)
// as CSV text; empty when no point has a time series.
std::string transient_summary(const SweepTable& sweep);
// Latency per burst of bursty repetitive traffic, and DRB's paths opened per burst (plot_bursts.cpp).
Figure bursts_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
// DRB's per-router latency map on a 2-D mesh or torus (plot_wait_map.cpp).
Figure wait_map_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
// A trace's execution time per configuration (plot_trace.cpp).
Figure execution_figure(const SweepTable& sweep, const Layout& layout, std::string& why_not);
// A routing's levels figure over the points of `algorithms` (the routings that declare it): ACOR's.
Figure routing_levels_figure(const RoutingFigure& figure, const std::vector<std::string>& algorithms, const SweepTable& sweep,
                             const Layout& layout, std::string& why_not);

// From other inputs (plot.cpp).
Figure area_figure(const std::vector<std::string>& synth_files);
// The router (blocks x counts and buffers) vs radix per VC configuration (plot_router_area.cpp); unnamed if
// no file has a "router" object.
Figure router_area_figure(const std::vector<std::string>& synth_files);
Figure router_contention_figure(const std::string& trace_csv);

}  // namespace hiradix::plot
