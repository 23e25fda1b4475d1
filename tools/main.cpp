// The hiradix command line: run one configuration, sweep several, plot, synthesize, print the config
// reference or the bash completion.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "router/rtl/rc_interface.h"
#include "router/rtl/rtl_routing_unit.h"
#include "synth/synth_flow.h"
#include "testbench/child_process.h"
#include "tools/cli_aids.h"
#include "config/config.h"
#include "testbench/deadlock_check.h"
#include "testbench/memory_estimate.h"
#include "tools/plot/plot.h"
#include "tlm/huge_heap.h"
#include "tools/run/mpi_ranks.h"
#include "tools/run/provenance.h"
#include "tools/ranks_run.h"
#include "tools/run/simulation.h"
#include "tools/run/summary.h"
#include "tools/sweep/sweep.h"
#include "tools/sweep/sweep_guards.h"

using namespace hiradix;

namespace {

// The --set items; a key given twice is refused, as a key twice in a YAML file is (one would be lost).
Overrides to_overrides(const std::vector<std::string>& items) {
  Overrides o;
  for (const std::string& s : items) {
    auto kv = parse_override(s);
    for (const auto& [key, value] : o)
      if (key == kv.first)
        config_fail("--set " + key, "given twice ('" + value + "', then '" + kv.second + "'); give it once");
    o.push_back(std::move(kv));
  }
  return o;
}

int run_command(const std::string& config_path, const std::vector<std::string>& sets, const std::string& out_dir,
                bool quiet, double max_memory_mib) {
  if (int processes = 0; launched_by_mpi(&processes)) {  // mpirun -np N hiradix run ...
#ifdef HIRADIX_MPI
    return run_on_ranks(config_path, to_overrides(sets), out_dir, quiet, max_memory_mib);
#else
    if (processes != 1)
      throw std::runtime_error("started by an MPI launcher as one of " + (processes ? std::to_string(processes) : std::string("several")) +
                               " processes, but this hiradix was built without MPI, so each would run the whole simulation: "
                               "install Open MPI (scripts/setup.sh does) and build again");
#endif
  }
  const Config config = load_config(config_path, to_overrides(sets));
  check_memory(config, max_memory_mib);
  check_deadlock_freedom(config, std::cerr);
  prepare_out_dir("--out", out_dir);
  const std::string path = (std::filesystem::path(out_dir) / "result.json").string();
  int code = kExitOk;
  // The run happens in a child so that a crash cannot take the error reporting with it.
  int status = 0;
  const nlohmann::json result = run_in_child(config, code, path, /*progress=*/!quiet, &status);
  if (result.is_null()) {
    std::cerr << "hiradix: the simulation ended without a result: " << describe_child_end(status) << "\n";
    return code ? code : kExitError;
  }
  report_run(result, code, path, quiet);
  return code;
}

// Re-evaluates a recorded mismatch (result.json's rtl.mismatch) on the C++ reference and the Verilated
// routing unit. Exit 0 if they now agree, kExitRtlMismatch if they still differ.
int replay_command(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  const nlohmann::json doc = nlohmann::json::parse(in);
  const nlohmann::json& m = doc.contains("rtl") ? doc["rtl"].value("mismatch", nlohmann::json()) : doc;
  if (m.contains("state_block"))
    throw std::runtime_error(path + ": the mismatch is in " + m["state_block"].get<std::string>() +
                             "'s readings, not a decision: there is no decision to replay (the record holds the cycle, the router and both readings)");
  if (!m.contains("inputs")) throw std::runtime_error(path + ": no rtl.mismatch record in it");
  const RcInputs inputs = inputs_from_json(m["inputs"]);
  // Records since 2026-11-27 name their network; older ones are rebuilt from their inputs (record_network).
  const std::unique_ptr<Topology> network = m.contains("network") ? topology_of({{"topology", m["network"]}}) : nullptr;
  if (m.contains("network") && !network) throw std::runtime_error(path + ": rtl.mismatch.network " + m["network"].dump() + " is no topology hiradix builds");
  const RcOutputs model = network ? reference_decision(inputs, *network) : reference_decision(inputs);
  RtlRoutingUnit unit;
  const RcOutputs rtl = unit.evaluate(inputs);
  std::cout << "inputs        " << m["inputs"].dump() << "\n"
            << "model (now)   " << to_json(model).dump() << "\n"
            << "rtl (now)     " << to_json(rtl).dump() << "\n";
  if (m.contains("model")) std::cout << "model (then)  " << m["model"].dump() << "\n";
  if (m.contains("rtl")) std::cout << "rtl (then)    " << m["rtl"].dump() << "\n";
  std::cout << (model == rtl ? "agree\n" : "DIFFER\n");
  return model == rtl ? kExitOk : kExitRtlMismatch;
}

// Every option of every subcommand (CLI11 writes into these).
struct CommandLine {
  std::string config_path, out_dir = "out";
  std::vector<std::string> sets, varies;
  bool quiet = false;
  int jobs = 0;
  std::string max_memory;
  // sweep
  std::string plan_path, executor = "local", partition, time_limit, mem;
  int seeds = 0;
  bool resume = false;
  std::size_t max_points = kDefaultMaxSweepPoints;
  std::size_t sample = 1;
  // sweep-point
  std::string point_dir;
  std::size_t point_index = 0;
  // plot
  std::string plot_csv, contention_csv;
  std::vector<std::string> synth_files;
  // synth
  std::string synth_config;
  std::vector<std::string> synth_blocks;
  // rtl-replay
  std::string replay_path;
  // completion
  std::string shell;
};

CLI::App* add_run(CLI::App& app, CommandLine& cl) {
  CLI::App* run = app.add_subcommand("run", "Simulate one configuration; writes OUT/result.json");
  run->add_option("config", cl.config_path, "YAML config file")->required();
  run->add_option("--set", cl.sets, "Override a config key: --set traffic.load=0.4 (repeatable)");
  run->add_option("--out", cl.out_dir, "Output directory (default: out)");
  run->add_flag("--quiet,-q", cl.quiet, "Print nothing but errors");
  run->add_option("--max-memory", cl.max_memory, "Refuse a config whose estimated memory exceeds this (MiB, or 512M, 30G; default 90% of RAM)");
  return run;
}

CLI::App* add_sweep(CLI::App& app, CommandLine& cl) {
  CLI::App* sweep = app.add_subcommand("sweep", "Simulate the cartesian product of --vary values (x --seeds); writes OUT/results.csv, summary.csv, timing.csv");
  sweep->add_option("config", cl.config_path, "YAML config file (or give --plan)");
  sweep->add_option("--plan", cl.plan_path, "Sweep definition file (config, set, vary, seeds), e.g. testbench/experiments/*.yaml");
  sweep->add_option("--vary", cl.varies, "key=v1,v2,... or key=start:stop:step (repeatable; first one outermost)");
  sweep->add_option("--set", cl.sets, "Override a config key for every point (repeatable)");
  sweep->add_option("--seeds", cl.seeds, "Runs per point with sim.seed = base, base+1, ... (default 1)");
  sweep->add_option("-j,--jobs", cl.jobs, "Parallel simulations (local default: number of cores; slurm: array throttle, default none)");
  sweep->add_option("--out", cl.out_dir, "Output directory (default: out)");
  sweep->add_flag("--resume", cl.resume, "Run only the points of OUT without a valid result (same plan required)");
  sweep->add_option("--executor", cl.executor, "local (default) or slurm (a SLURM job array)");
  sweep->add_option("--partition", cl.partition, "slurm: partition (default: the cluster's default)");
  sweep->add_option("--time", cl.time_limit, "slurm: time limit per point, e.g. 30:00 or 1-00:00:00");
  sweep->add_option("--mem", cl.mem, "slurm: memory per point, e.g. 2G");
  sweep->add_flag("--quiet,-q", cl.quiet, "Print nothing but errors (no progress)");
  sweep->add_option("--max-memory", cl.max_memory, "Refuse points whose estimated memory exceeds this (MiB, or 512M, 30G; default 90% of RAM)");
  sweep->add_option("--max-points", cl.max_points, "Refuse a sweep of more points (varied values x seeds; default 10000)");
  sweep->add_option("--sample", cl.sample, "Run only every N-th point (0, N, 2N, ...) and print the whole plan's cost at their pace (--resume without it runs the rest)");
  return sweep;
}

CLI::App* add_sweep_point(CLI::App& app, CommandLine& cl) {
  CLI::App* sweep_point = app.add_subcommand("sweep-point", "Run one point of a planned sweep (what SLURM tasks run)");
  sweep_point->group("");  // hidden
  sweep_point->add_option("dir", cl.point_dir, "Sweep directory")->required();
  sweep_point->add_option("index", cl.point_index, "Point index")->required();
  return sweep_point;
}

CLI::App* add_plot(CLI::App& app, CommandLine& cl) {
  CLI::App* plot = app.add_subcommand("plot", "Draw the standard figures of a sweep with gnuplot (SVG and PNG)");
  plot->add_option("results", cl.plot_csv, "A sweep's results.csv (points/ next to it gives per-router loads and time series)");
  plot->add_option("--synth", cl.synth_files, "synth.json files, one per parameter set: area per block vs h");
  plot->add_option("--contention", cl.contention_csv, "A trace.contention CSV: one router's contention counters over time");
  plot->add_option("--out", cl.out_dir, "Output directory (default: plots/ next to results.csv)");
  plot->add_flag("--quiet,-q", cl.quiet, "Print nothing but errors");
  return plot;
}

CLI::App* add_synth(CLI::App& app, CommandLine& cl) {
  CLI::App* synth = app.add_subcommand("synth", "Synthesize the RTL blocks for a configuration (Yosys, OSU 0.18 um, OpenSTA); writes OUT/synth.json");
  synth->add_option("config", cl.synth_config, "YAML config file (optional: defaults only)");
  synth->add_option("--set", cl.sets, "Override a config key: --set topology.h=4 (repeatable)");
  synth->add_option("--out", cl.out_dir, "Output directory (default: out)");
  synth->add_option("--blocks", cl.synth_blocks, "Blocks to synthesize (default: the router's and its routing's state blocks): " + synth_block_list())->delimiter(',');
  synth->add_flag("--quiet,-q", cl.quiet, "Print nothing but errors");
  return synth;
}

int synth_command(const CommandLine& cl) {
  SynthOptions opt;
  opt.out_dir = cl.out_dir;
  opt.blocks = cl.synth_blocks;
  opt.quiet = cl.quiet;
  const nlohmann::json report = run_synth(load_config(cl.synth_config, to_overrides(cl.sets)), opt);
  if (!cl.quiet) std::cout << synth_table(report) << "report " << (std::filesystem::path(cl.out_dir) / "synth.json").string() << "\n";
  return kExitOk;
}

int plot_command(const CommandLine& cl, bool out_given) {
  PlotOptions po;
  po.results_csv = cl.plot_csv;
  po.synth = cl.synth_files;
  po.contention = cl.contention_csv;
  po.out_dir = out_given ? cl.out_dir : "";
  po.quiet = cl.quiet;
  return run_plot(po);
}

// `seeds_given` / `jobs_given`: whether --seeds / -j were on the command line.
int sweep_command(const CommandLine& cl, bool seeds_given, bool jobs_given, double max_memory_mib) {
  SweepOptions opt;
  if (!cl.plan_path.empty()) load_sweep_file(cl.plan_path, opt);
  if (!cl.config_path.empty()) {
    if (!cl.plan_path.empty()) throw ConfigError("config error: sweep: give either a config file or --plan, not both");
    opt.config_path = cl.config_path;
  }
  if (opt.config_path.empty() && cl.plan_path.empty())
    throw ConfigError("config error: sweep: a config file (or --plan FILE) is required");
  for (const auto& o : to_overrides(cl.sets)) opt.base.push_back(o);
  // A --vary of a key the plan file already varies replaces the plan's list (e.g. more routings).
  for (const std::string& v : cl.varies) {
    VarySpec spec = parse_vary(v);
    auto same = std::find_if(opt.vary.begin(), opt.vary.end(), [&](const VarySpec& x) { return x.key == spec.key; });
    if (!cl.plan_path.empty() && same != opt.vary.end())
      *same = spec;
    else
      opt.vary.push_back(spec);
  }
  if (seeds_given) opt.seeds = cl.seeds;
  opt.executor = cl.executor;
  if (cl.executor == "slurm")
    opt.jobs = std::max(0, cl.jobs);
  else
    opt.jobs = cl.jobs > 0 ? cl.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (jobs_given && cl.jobs < 1) throw ConfigError("config error: -j " + std::to_string(cl.jobs) + ": must be at least 1");
  opt.out_dir = cl.out_dir;
  opt.quiet = cl.quiet;
  opt.resume = cl.resume;
  opt.partition = cl.partition;
  opt.time = cl.time_limit;
  opt.mem = cl.mem;
  opt.binary = std::filesystem::read_symlink("/proc/self/exe").string();
  opt.max_points = cl.max_points;
  if (cl.sample < 1) throw ConfigError("config error: --sample 0: must be at least 1 (every point)");
  opt.sample = cl.sample;
  opt.max_memory_mib = max_memory_mib;
  return run_sweep(opt);
}


// The subcommand named `name`, or null.
CLI::App* find_command(CLI::App& app, const std::string& name) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

// The visible subcommands (sweep-point is for SLURM tasks only).
std::vector<CLI::App*> visible_commands(CLI::App& app) {
  return app.get_subcommands([](CLI::App* sub) { return !sub->get_group().empty(); });
}

// `hiradix help [COMMAND]` prints the help; no command or an unknown one gets the list of subcommands
// (and "did you mean"). Returns the exit code, or -1 to go on parsing.
int help_or_unknown_command(int argc, char** argv, CLI::App& app) {
  if (argc >= 2 && argv[1][0] == '-') return -1;
  const std::string word = argc >= 2 ? argv[1] : "";
  std::vector<std::string> names;
  for (CLI::App* sub : visible_commands(app)) names.push_back(sub->get_name());
  if (word == "help") {
    CLI::App* sub = argc > 2 ? find_command(app, argv[2]) : nullptr;
    std::cout << (sub ? sub->help("hiradix") : app.help());
    return argc > 2 && !sub ? kExitConfig : kExitOk;
  }
  if (find_command(app, word)) return -1;
  const std::string near = nearest_word(word, names);
  if (word.empty())
    std::cerr << "hiradix: a command is required\n";
  else
    std::cerr << "hiradix: unknown command '" << word << "'" << (near.empty() ? "" : "; did you mean '" + near + "'?") << "\n";
  std::cerr << "commands:";
  for (CLI::App* sub : visible_commands(app)) std::cerr << fmt::format("\n  {:<11} {}", sub->get_name(), sub->get_description());
  std::cerr << "\n(hiradix help COMMAND shows a command's options)\n";
  return kExitConfig;
}

// The completion's view of the command line, read from the parser itself.
std::vector<CompletionCommand> completion_commands(CLI::App& app) {
  std::vector<CompletionCommand> out;
  for (CLI::App* sub : visible_commands(app)) {
    CompletionCommand c{sub->get_name(), {}, {}};
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->get_positional()) continue;
      std::vector<std::string> names;
      for (const std::string& l : opt->get_lnames()) names.push_back("--" + l);
      for (const std::string& n : opt->get_snames()) names.push_back("-" + n);
      auto& into = opt->get_expected_min() == 0 ? c.flags : c.value_options;
      into.insert(into.end(), names.begin(), names.end());
    }
    out.push_back(c);
  }
  out.push_back({"help", {}, {}});
  return out;
}

// Dispatches the parsed subcommand.
int dispatch(CLI::App& app, const CommandLine& cl) {
  if (*app.get_subcommand("keys")) {
    std::cout << config_reference_markdown();
    return kExitOk;
  }
  if (*app.get_subcommand("completion")) {
    if (cl.shell != "bash") config_fail("completion " + cl.shell, "only bash is supported");
    std::cout << bash_completion_script(completion_commands(app));
    return kExitOk;
  }
  const double max_memory_mib = cl.max_memory.empty() ? 0 : parse_memory_limit("--max-memory", cl.max_memory);
  if (*app.get_subcommand("run")) return run_command(cl.config_path, cl.sets, cl.out_dir, cl.quiet, max_memory_mib);
  if (*app.get_subcommand("rtl-replay")) return replay_command(cl.replay_path);
  if (*app.get_subcommand("synth")) return synth_command(cl);
  CLI::App* plot = app.get_subcommand("plot");
  if (*plot) return plot_command(cl, plot->count("--out") > 0);
  if (*app.get_subcommand("sweep-point")) return run_sweep_point(cl.point_dir, cl.point_index);
  CLI::App* sweep = app.get_subcommand("sweep");
  return sweep_command(cl, sweep->count("--seeds") > 0, sweep->count("--jobs") > 0, max_memory_mib);
}

}  // namespace

// The heap on huge pages from the process's start, before the shared libraries' initialisers: SystemC's,
// when loaded, allocates and zeroes a 3 MiB scratch heap (sc_temp_heap), some 770 page faults of 4 KiB
// before main is reached; a forked simulation, sweep point or deadlock check inherits the marked heap
// (docs/benchmark.md, "The heap on huge pages from the start"). .preinit_array runs before any library's
// constructors, which is the only way to come before SystemC's.
static void heap_on_huge_pages_at_start(int, char**, char**) { hiradix::heap_on_huge_pages(hiradix::kSimulationHeapBytes); }
__attribute__((section(".preinit_array"), used)) static void (*const kHeapAtStart)(int, char**, char**) = &heap_on_huge_pages_at_start;

// libsystemc references sc_main from its own main(); ours takes precedence and never calls it.
int sc_main(int, char**) { return kExitError; }

int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);  // before anything touches the SystemC kernel
  CLI::App app{"hiradix: cycle-level SystemC model of high-radix adaptive routers and Dragonfly networks", "hiradix"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_line(), "Print the version and the git commit it was built from");
  CommandLine cl;
  add_run(app, cl);
  add_sweep(app, cl);
  add_sweep_point(app, cl);
  add_plot(app, cl);
  app.add_subcommand("keys", "Print the config reference (every key, default and meaning)");
  add_synth(app, cl);
  CLI::App* replay = app.add_subcommand("rtl-replay", "Re-evaluate a recorded RTL/model mismatch on both (exit 0 if they now agree)");
  replay->add_option("result", cl.replay_path, "result.json of the lockstep run that stopped")->required();
  CLI::App* completion = app.add_subcommand("completion", "Print the bash completion script (source <(hiradix completion bash))");
  completion->add_option("shell", cl.shell, "bash")->required();
  app.footer("hiradix help COMMAND shows a command's options.");
  if (const int code = help_or_unknown_command(argc, argv, app); code >= 0) return code;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) ? kExitConfig : kExitOk;
  }
  try {
    return dispatch(app, cl);
  } catch (const ConfigError& e) {
    std::cerr << e.what() << "\n";
    return kExitConfig;
  } catch (const std::exception& e) {  // SynthError and the rest: a tool or the system failed
    std::cerr << "hiradix: " << e.what() << "\n";
    return kExitError;
  }
}
