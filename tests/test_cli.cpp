// The command line as a user meets it (issue 12): --version and the provenance in result.json (checked
// against git and sha256sum), SHA-256 against the FIPS 180-4 examples, "did you mean" for a mistyped
// command, `hiradix help`, the bash completion script run in bash, and the short diff a lockstep
// mismatch prints.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "sim_helpers.h"
#include "tools/cli_aids.h"
#include "tools/run/sha256.h"

namespace {

using hiradix::test::read_text;
using hiradix::test::run_shell;
using hiradix::test::shell_quote;
using hiradix::test::TempDir;

TEST(Sha256, FipsExamples) {
  EXPECT_EQ(hiradix::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hiradix::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hiradix::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");  // two blocks of padding
  EXPECT_EQ(hiradix::sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(NearestWord, TyposAndStrangers) {
  const std::vector<std::string> names = {"run", "sweep", "plot", "keys", "synth", "rtl-replay", "completion"};
  EXPECT_EQ(hiradix::nearest_word("runn", names), "run");
  EXPECT_EQ(hiradix::nearest_word("swep", names), "sweep");
  EXPECT_EQ(hiradix::nearest_word("rtl-reply", names), "rtl-replay");
  EXPECT_EQ(hiradix::nearest_word("xyzzy", names), "");
}

#ifdef HIRADIX_BIN

struct Out {
  int code;
  std::string out, err;
};

Out hiradix(const TempDir& dir, const std::string& args) {
  Out o;
  o.code = run_shell("cd " + shell_quote(dir.path.string()) + " && " + shell_quote(HIRADIX_BIN) + " " + args + " >out.txt 2>err.txt");
  o.out = read_text(dir.file("out.txt"));
  o.err = read_text(dir.file("err.txt"));
  return o;
}

TEST(Cli, VersionNamesACommitOfThisRepository) {
  TempDir dir;
  const Out v = hiradix(dir, "--version");
  ASSERT_EQ(v.code, 0) << v.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(v.out, m, std::regex(R"(^hiradix (\d+\.\d+\.\d+) \(git ([0-9a-f]{40})(-dirty)?\)\n$)"))) << v.out;
  // The commit is one git knows here (the binary may be older than HEAD, never from elsewhere).
  EXPECT_EQ(run_shell("git -C " + shell_quote(HIRADIX_SOURCE_DIR) + " cat-file -e " + m[2].str() + "^{commit} 2>/dev/null"), 0) << m[2];
  const std::string cmake = read_text(std::string(HIRADIX_SOURCE_DIR) + "/CMakeLists.txt");
  EXPECT_NE(cmake.find("project(hiradix VERSION " + m[1].str() + " "), std::string::npos) << "the version is project()'s";
  const std::string citation = read_text(std::string(HIRADIX_SOURCE_DIR) + "/CITATION.cff");
  EXPECT_NE(citation.find("\nversion: \"" + m[1].str() + "\"\n"), std::string::npos) << "CITATION.cff cites this version";
}

TEST(Cli, ResultRecordsVersionCommitAndTheConfigsSha256) {
  TempDir dir;
  std::ofstream(dir.file("c.yaml")) << "topology: {h: 2}\nsim: {warmup: 500, measure: 500}\n";
  ASSERT_EQ(hiradix(dir, "run c.yaml -q --out r").code, 0);
  const nlohmann::json r = nlohmann::json::parse(read_text(dir.file("r/result.json")));
  const nlohmann::json& sim = r.at("simulation");
  EXPECT_EQ("hiradix " + sim.at("hiradix_version").get<std::string>() + " (git " + sim.at("git_commit").get<std::string>() + ")\n",
            hiradix(dir, "--version").out);
  // The hash of the resolved config as result.json holds it, dumped compactly, computed by sha256sum.
  std::ofstream(dir.file("config.json"), std::ios::binary) << r.at("config").dump();
  ASSERT_EQ(run_shell("cd " + shell_quote(dir.path.string()) + " && sha256sum config.json | cut -c1-64 > sum.txt"), 0);
  EXPECT_EQ(sim.at("config_sha256").get<std::string>() + "\n", read_text(dir.file("sum.txt")));
  // Another config, another hash.
  ASSERT_EQ(hiradix(dir, "run c.yaml -q --out r2 --set traffic.load=0.2").code, 0);
  const nlohmann::json r2 = nlohmann::json::parse(read_text(dir.file("r2/result.json")));
  EXPECT_NE(r2["simulation"]["config_sha256"], sim["config_sha256"]);
}

TEST(Cli, AMistypedCommandGetsDidYouMeanAndTheListOfCommands) {
  TempDir dir;
  const Out typo = hiradix(dir, "runn c.yaml");
  EXPECT_EQ(typo.code, 2);
  EXPECT_NE(typo.err.find("unknown command 'runn'; did you mean 'run'?"), std::string::npos) << typo.err;
  for (const char* c : {"run", "sweep", "plot", "keys", "synth", "rtl-replay", "completion"})
    EXPECT_NE(typo.err.find(std::string("\n  ") + c + " "), std::string::npos) << c << " listed: " << typo.err;
  EXPECT_EQ(typo.err.find("sweep-point"), std::string::npos) << "the SLURM task's command stays hidden";
  const Out none = hiradix(dir, "");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("a command is required"), std::string::npos) << none.err;

  const Out help = hiradix(dir, "help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("Subcommands:"), std::string::npos) << help.out;
  const Out run_help = hiradix(dir, "help run");
  EXPECT_EQ(run_help.code, 0);
  EXPECT_NE(run_help.out.find("Usage: hiradix run"), std::string::npos) << run_help.out;
  EXPECT_NE(run_help.out.find("--set"), std::string::npos) << run_help.out;
  EXPECT_EQ(hiradix(dir, "help runn").code, 2);
}

// Runs the completion function for the command line `line` (cursor at its end) in bash.
std::string complete(const TempDir& dir, const std::string& line) {
  std::ofstream(dir.file("t.sh")) << "source ./completion.sh\nCOMP_LINE=" << shell_quote(line)
                                  << "\nCOMP_POINT=${#COMP_LINE}\nCOMP_WORDBREAKS=$' \\t\\n\"\\'><=;|&(:'\n"
                                     "_hiradix\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  run_shell("cd " + shell_quote(dir.path.string()) + " && bash t.sh > reply.txt 2>&1");
  return read_text(dir.file("reply.txt"));
}

TEST(Cli, BashCompletionOfCommandsOptionsKeysAndValues) {
  TempDir dir;
  const Out script = hiradix(dir, "completion bash");
  ASSERT_EQ(script.code, 0) << script.err;
  std::ofstream(dir.file("completion.sh")) << script.out;
  std::ofstream(dir.file("base.yaml")) << "{}\n";
  EXPECT_EQ(complete(dir, "hiradix ru"), "run\n");
  EXPECT_EQ(complete(dir, "hiradix sw"), "sweep\n");
  EXPECT_EQ(complete(dir, "hiradix sweep base.yaml --res"), "--resume\n");
  EXPECT_EQ(complete(dir, "hiradix run base.yaml --set routing.algo"), "routing.algorithm=\n");
  // After '=' bash replaces only the part after it (COMP_WORDBREAKS), so the replies are the values.
  EXPECT_EQ(complete(dir, "hiradix run base.yaml --set routing.algorithm=u"), "ugal\n");
  EXPECT_EQ(complete(dir, "hiradix sweep base.yaml --vary traffic.pattern=un,ad"), "un,adv\nun,advl\nun,advc\n");
  EXPECT_EQ(complete(dir, "hiradix run bas"), "base.yaml\n");
  EXPECT_EQ(complete(dir, "hiradix help pl"), "plot\n");

  // Every key `hiradix keys` documents completes after --set, and nothing else does.
  std::set<std::string> documented;
  std::istringstream keys(hiradix(dir, "keys").out);
  for (std::string row; std::getline(keys, row);)
    if (row.rfind("| `", 0) == 0) documented.insert(row.substr(3, row.find('`', 3) - 3));
  std::set<std::string> completed;
  std::istringstream all(complete(dir, "hiradix run base.yaml --set "));
  for (std::string k; std::getline(all, k);) completed.insert(k.substr(0, k.size() - 1));  // without '='
  EXPECT_GT(documented.size(), 50u);
  EXPECT_EQ(completed, documented);
  EXPECT_EQ(hiradix(dir, "completion zsh").code, 2);
}

TEST(Cli, ALockstepMismatchPrintsTheFieldsThatDiffer) {
  TempDir dir;
  std::ofstream(dir.file("c.yaml")) << "topology: {h: 2}\nsim: {warmup: 500, measure: 500}\n";
  // The checker's self-test flips bit 0 of the model's VC in decision 5.
  const Out o = hiradix(dir, "run c.yaml --out r --set router.rc_mode=lockstep --set rtl.inject_mismatch_at=5");
  EXPECT_EQ(o.code, 5);
  const nlohmann::json m = nlohmann::json::parse(read_text(dir.file("r/result.json")))["rtl"]["mismatch"];
  const int model_vc = m["model"]["out_vc"], rtl_vc = m["rtl"]["out_vc"];
  EXPECT_EQ(model_vc ^ rtl_vc, 1);
  const std::string line = "out_vc: model " + std::to_string(model_vc) + ", rtl " + std::to_string(rtl_vc) + "\n";
  EXPECT_NE(o.err.find(line), std::string::npos) << o.err;
  EXPECT_NE(o.out.find(line), std::string::npos) << "the summary shows the same: " << o.out;
  EXPECT_EQ(o.err.find("out_port"), std::string::npos) << "only the fields that differ: " << o.err;
  EXPECT_EQ(o.err.find("port_load"), std::string::npos) << "no inputs on the screen: " << o.err;
  EXPECT_NE(o.err.find("rtl-replay"), std::string::npos) << o.err;
}

// A table-driven unit's record (min on a mesh: its inputs are a forwarding table's rows, no shape) names its
// network (rtl.mismatch.network), so `rtl-replay` rebuilds that mesh and both sides agree again (the
// injected flip is gone).
TEST(Cli, ATableDrivenRecordReplaysOnTheNetworkItNames) {
  TempDir dir;
  std::ofstream(dir.file("c.yaml")) << "topology: {type: mesh, dims: [5, 3], p: 2}\nrouting: {algorithm: min}\n"
                                       "sim: {warmup: 300, measure: 300}\n";
  const Out o = hiradix(dir, "run c.yaml --out r --set router.rc_mode=lockstep --set rtl.inject_mismatch_at=40 --set traffic.load=0.5");
  ASSERT_EQ(o.code, 5) << o.err;
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir.file("r/result.json")));
  EXPECT_EQ(doc["rtl"]["mismatch"]["network"]["dims"], nlohmann::json::parse("[5, 3]"));
  const Out replay = hiradix(dir, "rtl-replay r/result.json");
  EXPECT_EQ(replay.code, 0) << replay.err;
  EXPECT_NE(replay.out.find("agree"), std::string::npos) << replay.out;
  EXPECT_EQ(replay.out.find("DIFFER"), std::string::npos) << replay.out;
}

// A window that delivers no packet measured no latency: null in result.json (a 0 would read as a
// measurement), a warning that says why in result.json and the summary (issue 32).
TEST(Cli, AWindowWithoutPacketsReportsNullLatencyAndSaysWhy) {
  TempDir dir;
  std::ofstream(dir.file("c.yaml")) << "topology: {h: 2}\nsim: {warmup: 100, measure: 300}\n";
  const Out idle = hiradix(dir, "run c.yaml --out idle --set traffic.load=0");
  ASSERT_EQ(idle.code, 0) << idle.err;
  const nlohmann::json r = nlohmann::json::parse(read_text(dir.file("idle/result.json")));
  EXPECT_EQ(r["status"], "ok");
  for (const char* part : {"total", "injection", "network"})
    for (const char* field : {"average", "p50", "p99"}) EXPECT_TRUE(r["latency"][part][field].is_null()) << part << "." << field;
  EXPECT_TRUE(r["average_hops"].is_null());
  EXPECT_TRUE(r["misrouted_fraction"].is_null());
  ASSERT_EQ(r["warnings"].size(), 1u);
  EXPECT_NE(r["warnings"][0].get<std::string>().find("traffic.load 0"), std::string::npos) << r["warnings"];
  EXPECT_NE(idle.out.find("latency      not measured"), std::string::npos) << idle.out;
  EXPECT_NE(idle.out.find("warning      no packet was offered"), std::string::npos) << idle.out;
  EXPECT_EQ(idle.out.find("avg hops"), std::string::npos) << idle.out;

  // Offered, but the links are longer than the window: every packet is still on its way.
  const Out late = hiradix(dir, "run c.yaml --out late --set traffic.load=0.3 --set traffic.pattern=adv "
                                "--set links.local_latency=500 --set links.global_latency=500");
  ASSERT_EQ(late.code, 0) << late.err;
  const nlohmann::json l = nlohmann::json::parse(read_text(dir.file("late/result.json")));
  EXPECT_GT(l["offered_load"].get<double>(), 0);
  EXPECT_EQ(l["packets"], 0);
  EXPECT_TRUE(l["latency"]["total"]["average"].is_null());
  EXPECT_NE(l["warnings"][0].get<std::string>().find("none reached its destination"), std::string::npos) << l["warnings"];

  // A window with packets has no warning and numbers.
  const Out busy = hiradix(dir, "run c.yaml --out busy --set traffic.load=0.1");
  const nlohmann::json b = nlohmann::json::parse(read_text(dir.file("busy/result.json")));
  EXPECT_FALSE(b.contains("warnings"));
  EXPECT_GT(b["latency"]["total"]["average"].get<double>(), 0);
}

// A set longer than a machine lives goes on across machines: --keep copies the finished points into the
// progress folder, and a run with no sweep of its own yet starts from them and runs only the rest.
TEST(Cli, ExperimentsRunnerStartsFromTheKeptPointsAndRunsOnlyTheRest) {
  TempDir dir;
  const std::string script = shell_quote(std::string(HIRADIX_SOURCE_DIR) + "/testbench/experiments/run.sh");
  const auto run = [&](const std::string& out) {  // the runner as on a machine whose sweeps go to `out`
    return "cd " + shell_quote(dir.path.string()) + " && HIRADIX=" + shell_quote(HIRADIX_BIN) +
           " PROGRESS=progress OUT=" + out + " bash " + script;
  };
  ASSERT_EQ(run_shell(run("first") + " --keep seed004_bursts >keep.txt 2>&1"), 1);  // nothing to keep yet
  EXPECT_NE(read_text(dir.file("keep.txt")).find("seed004_bursts/sweep.json not found"), std::string::npos) << read_text(dir.file("keep.txt"));
  ASSERT_EQ(run_shell(run("first") + " seed004_bursts >/dev/null 2>&1"), 0);  // 6 points
  ASSERT_EQ(run_shell(run("first") + " --keep seed004_bursts >keep.txt 2>&1"), 0);
  EXPECT_NE(read_text(dir.file("keep.txt")).find("kept 6 points"), std::string::npos) << read_text(dir.file("keep.txt"));
  // Two points as if the first machine had not finished them, and a mark in a kept one that a rerun would lose.
  const std::filesystem::path kept = dir.path / "progress/seed004_bursts/points";
  std::filesystem::remove(kept / "0001.json");
  std::filesystem::remove(kept / "0004.json");
  nlohmann::json marked = nlohmann::json::parse(read_text(kept / "0000.json"));
  marked["kept_mark"] = 1;
  std::ofstream(kept / "0000.json") << marked.dump();

  ASSERT_EQ(run_shell(run("second") + " seed004_bursts >second.txt 2>&1"), 0);
  EXPECT_NE(read_text(dir.file("second.txt")).find("starting from the 4 points kept"), std::string::npos);
  const std::filesystem::path points = dir.path / "second/seed004_bursts/points";
  EXPECT_TRUE(nlohmann::json::parse(read_text(points / "0000.json")).contains("kept_mark")) << "a kept point ran again";
  for (const char* ran : {"0001.json", "0004.json"})
    EXPECT_EQ(nlohmann::json::parse(read_text(points / ran))["status"], "ok") << ran;
  const nlohmann::json first = nlohmann::json::parse(read_text(dir.path / "first/seed004_bursts/points/0004.json"));
  nlohmann::json second = nlohmann::json::parse(read_text(points / "0004.json"));
  second["simulation"] = first["simulation"];
  EXPECT_EQ(second, first) << "the point run on the second machine is the first's";
}

#endif

TEST(Cli, ExperimentsRunnerWithoutArgumentsPrintsItsUsageOnly) {
  TempDir dir;
  const std::string script = shell_quote(std::string(HIRADIX_SOURCE_DIR) + "/testbench/experiments/run.sh");
  const int code = run_shell("cd " + shell_quote(dir.path.string()) + " && bash " + script + " >out.txt 2>err.txt");
  EXPECT_EQ(code, 2);
  const std::string out = read_text(dir.file("out.txt"));
  EXPECT_EQ(out.rfind("Runs ready-made sweeps", 0), 0u) << out;
  EXPECT_NE(out.find("run.sh small_adv1"), std::string::npos) << out;
  EXPECT_EQ(out.find("set -e"), std::string::npos) << "no line of the script itself: " << out;
  EXPECT_EQ(out.find("\n#"), std::string::npos) << "no comment markers starting a line: " << out;
  EXPECT_EQ(read_text(dir.file("err.txt")), "");
  EXPECT_FALSE(std::filesystem::exists(dir.path / "out")) << "nothing ran";
  EXPECT_EQ(run_shell("bash " + script + " --help >/dev/null"), 0);
}

}  // namespace
