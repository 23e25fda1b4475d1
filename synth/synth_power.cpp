// Power of a synthesized block (OpenSTA report_power on the mapped netlist with the liberty's internal
// and leakage power tables) and the energy of the event it stands for. OpenSTA estimates without vectors:
// every input toggles with the given activity and the activities propagate through the cells.
#include <cmath>
#include <sstream>

#include "synth/synth_block.h"
#include "synth/synth_power.h"

namespace hiradix::synth_detail {

namespace fs = std::filesystem;

namespace {

// Data and control inputs toggle with probability 0.5 per cycle, 50 % high: random data, a new value every
// cycle, the usual vectorless default. Internal nets get the activity OpenSTA propagates from the inputs.
constexpr double kActivity = 0.5;

// A one-hot select of n inputs (crossbar, buffer read): a new random choice every cycle moves the one bit,
// so each bit toggles about 2/n per cycle and is high 1/n of the time.
int onehot_width(const BlockSpec& b) {
  if (b.name == "crossbar") return b.params.value("ports", 0);
  if (b.name == "buffer_read") return b.params.value("entries", 0);
  return 0;
}

// How many of the block's events one characterised cycle holds: the crossbar moves a phit on each of its
// outputs, every other block does its one thing once (a decision, an allocation round, a phit write or
// read, an LFSR advance, a decision's table reads).
double events_per_cycle(const BlockSpec& b) {
  return b.name == "crossbar" ? b.params.value("ports", 1) : 1.0;
}

std::string power_tcl(const BlockSpec& b, const std::string& liberty, double clock_ns) {
  std::ostringstream tcl;
  // The inputs must arrive on the clock (sta_preamble's set_input_delay): OpenSTA takes an activity as
  // toggles per period of the clock the pin is timed by, and an input timed by no clock toggles per second
  // instead (measured: the 7 x 7 crossbar at 49 pW instead of 269 mW).
  tcl << sta_preamble(b, liberty, clock_ns);
  // Per input port, not -global: under -global OpenSTA ignored the selects' own activity below (the crossbar
  // read 278 mW either way) and set every internal net to 0.5 instead of propagating the inputs' activity.
  tcl << "set_power_activity -input_ports "
      << (b.clocked ? "[delete_from_list [all_inputs] [get_ports clk]]" : "[all_inputs]") << " -activity " << kActivity
      << " -duty 0.5\n";
  if (const int n = onehot_width(b))
    tcl << "set_power_activity -input_ports [get_ports {sel*}] -activity " << 2.0 / n << " -duty " << 1.0 / n << "\n";
  // The forwarding table is written at start only (as a fabric manager fills it): in operation its write
  // port is idle and a cycle is a decision's reads.
  if (b.name == "forwarding_table")
    tcl << "set_power_activity -input_ports [get_ports {we waddr* wdata*}] -activity 0 -duty 0\n";
  tcl << "report_power -digits 6\n";
  return tcl.str();
}

}  // namespace

nlohmann::json block_power(const BlockSpec& b, const fs::path& dir, const std::string& liberty, double clock_ns,
                           const std::string& sta) {
  write_text(dir / "power.tcl", power_tcl(b, liberty, clock_ns));
  if (!tool_exists(sta)) return {{"error", "OpenSTA ('" + sta + "') not found"}};
  const std::string cmd = "cd " + quote(dir.string()) + " && " + quote(sta) + " -no_splash -exit power.tcl > power.log 2>&1";
  const int rc = std::system(cmd.c_str());
  const std::string log = read_text(dir / "power.log");
  // "Total  <internal> <switching> <leakage> <total>" in W (OpenSTA's report_power).
  std::smatch m;
  const std::regex total(R"(\nTotal\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+))");
  if (rc != 0 || !std::regex_search(log, m, total))
    return {{"error", "OpenSTA report_power failed (" + (dir / "power.log").string() + ")"}};
  const double internal = std::stod(m[1].str()) * 1e3, switching = std::stod(m[2].str()) * 1e3,
               leakage = std::stod(m[3].str()) * 1e3;
  const double dynamic = internal + switching, events = events_per_cycle(b);
  nlohmann::json p = {{"clock_ns", clock_ns}, {"activity", kActivity}, {"internal_mw", internal},
                      {"switching_mw", switching}, {"leakage_mw", leakage}, {"dynamic_mw", dynamic},
                      {"events_per_cycle", events},
                      // mW x ns = pJ: the energy of one cycle, shared by the cycle's events.
                      {"energy_pj", dynamic * clock_ns / events}};
  if (const int n = onehot_width(b)) p["select_activity"] = 2.0 / n;
  return p;
}

}  // namespace hiradix::synth_detail
