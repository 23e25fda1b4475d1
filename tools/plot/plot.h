// `hiradix plot`: the standard figures of a sweep, drawn by gnuplot to SVG and PNG. Reads DIR/results.csv
// (and DIR/points/*.json for per-router loads and time series); each figure gets NAME.dat (the data),
// NAME.gp (the gnuplot script, rerunnable by hand), NAME.svg and NAME.png in the output directory.
#pragma once
#include <string>
#include <vector>

namespace hiradix {

struct PlotOptions {
  std::string results_csv;         // a sweep's results.csv; may be empty with synth files only
  std::vector<std::string> synth;  // synth.json files (one per parameter set) for area vs radix
  std::string contention;          // a trace.contention CSV: one router's counters over time
  std::string out_dir;             // default: plots/ next to results.csv
  bool quiet = false;
};

// Returns the exit code (0 ok, 1 gnuplot failed or is missing, 2 bad input).
int run_plot(const PlotOptions& options);

}  // namespace hiradix
