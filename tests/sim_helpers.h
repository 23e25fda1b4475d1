// Helpers for network-level tests. SystemC elaborates only once per process, so every simulation runs in
// a forked child (tools/sweep/sweep.h: run_in_child) that writes its result.json to a private temporary
// directory; the parent parses it and removes the directory.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "testbench/child_process.h"
#include "config/config.h"
#include "tools/sweep/sweep.h"

namespace hiradix::test {

// A fresh, uniquely named directory under the system temp directory (removed by the caller).
inline std::filesystem::path make_temp_dir(const std::string& tag = "hiradix_test") {
  std::string templ = (std::filesystem::temp_directory_path() / (tag + "_XXXXXX")).string();
  if (!mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed for " + templ);
  return templ;
}

// Removes its directory when it goes out of scope.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& tag = "hiradix_test") : path(make_temp_dir(tag)) {}
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
};

// Runs one simulation of `config` in a forked child. Returns the parsed result.json (null if the child
// wrote none or garbage) and the child's exit code.
inline nlohmann::json simulate_config(const Config& config, int* exit_code = nullptr) {
  TempDir dir("hiradix_sim");
  const std::string path = dir.file("result.json");
  int code = -1;
  nlohmann::json result;
  try {
    result = run_in_child(config, code, path);
  } catch (const nlohmann::json::exception&) {
    result = nlohmann::json();
  }
  if (exit_code) *exit_code = code;
  return result;
}

// load_config("", overrides) + simulate_config.
inline nlohmann::json simulate(const Overrides& overrides, int* exit_code = nullptr) {
  return simulate_config(load_config("", overrides), exit_code);
}

// What load_config("", o) says of `o`: its ConfigError's message, or "accepted".
inline std::string config_error(const Overrides& o) {
  try {
    load_config("", o);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "accepted";
}

// simulate() that expects a clean run: exit code 0, status ok, every packet accounted for (conservation).
inline nlohmann::json run_sane(const Overrides& o) {
  int code = -1;
  const nlohmann::json r = simulate(o, &code);
  EXPECT_EQ(code, 0);
  if (r.is_null()) return r;
  EXPECT_EQ(r["status"], "ok");
  const nlohmann::json& c = r["conservation"];
  EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();
  EXPECT_EQ(c["created"].get<std::uint64_t>(), c["delivered"].get<std::uint64_t>() + c["in_flight"].get<std::uint64_t>()) << c.dump();
  EXPECT_EQ(c["misdelivered"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(c["duplicates"].get<std::uint64_t>(), 0u);
  return r;
}

// A result.json without what differs between router.rc_mode model, rtl and lockstep runs of one network
// (the timing, the co-simulation's counts, the mode): what must be equal across the three.
inline nlohmann::json without_rc_mode(nlohmann::json r) {
  r.erase("simulation");
  r.erase("rtl");
  r["config"]["router"].erase("rc_mode");
  return r;
}

// A result.json without what differs between an event-driven and a polled run (sim.scheduling) of one
// network: the timing and the mode.
inline nlohmann::json without_scheduling(nlohmann::json r) {
  r.erase("simulation");
  r["config"]["sim"].erase("scheduling");
  return r;
}

// Appends (or replaces) key=value in a copy of `base`.
inline Overrides with(Overrides base, const Overrides& more) {
  for (const auto& [k, v] : more) {
    bool replaced = false;
    for (auto& kv : base)
      if (kv.first == k) {
        kv.second = v;
        replaced = true;
      }
    if (!replaced) base.emplace_back(k, v);
  }
  return base;
}

// Runs `body` in a forked child (for code that constructs sc_modules, i.e. elaborates). The child reports
// through a pipe: `body` returns "" on success or a failure description. Returns that text, or a
// description of how the child died.
inline std::string in_child(const std::function<std::string()>& body) {
  try {
    return compute_in_child(body);
  } catch (const std::exception& e) {
    return std::string("exception: ") + e.what();
  }
}

#ifdef HIRADIX_BIN
// Runs `HIRADIX_BIN ARGS` in `dir`, in its own process group, with stdout and stderr to dir/stdout.txt and
// dir/stderr.txt; returns its pid (for tests that signal it).
inline pid_t start_hiradix(const TempDir& dir, const std::vector<std::string>& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (chdir(dir.path.c_str()) != 0) _exit(127);
    if (!freopen("stdout.txt", "w", stdout) || !freopen("stderr.txt", "w", stderr)) _exit(127);
    std::vector<char*> argv{const_cast<char*>(HIRADIX_BIN)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(HIRADIX_BIN, argv.data());
    _exit(127);
  }
  return pid;
}
#endif

// The simulation children of process `pid` (Linux /proc): its direct children but for the short-lived
// compute_in_child helpers (the deadlock check), which a test waiting for a simulation must not take for one.
inline std::vector<pid_t> children_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  std::vector<pid_t> kids;
  for (pid_t k; in >> k;) {
    std::string name;
    std::ifstream("/proc/" + std::to_string(k) + "/comm") >> name;
    if (name != kComputeChildName) kids.push_back(k);
  }
  return kids;
}

// Runs a shell command line; returns its exit code (-1 if it did not exit normally).
inline int run_shell(const std::string& command) {
  const int status = std::system(command.c_str());
  if (status == -1 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A hiradix process's standard error without the warning AddressSanitizer prints once per process when a
// SystemC thread switches stacks under it (scripts/sanitize.sh; not a finding), so that tests expecting
// no output pass in the sanitizer build too.
inline std::string without_sanitizer_notes(const std::string& err) {
  static const char* const kNotes[] = {"WARNING: ASan is ignoring requested __asan_handle_no_return",
                                       "False positive error reports may follow",
                                       "For details see https://github.com/google/sanitizers/issues/189"};
  std::string kept;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    bool note = false;
    for (const char* n : kNotes) note = note || line.find(n) != std::string::npos;
    if (!note) kept += line + "\n";
  }
  if (!err.empty() && err.back() != '\n' && !kept.empty()) kept.pop_back();  // as given: no final newline
  return kept;
}

// Single-quotes a string for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace hiradix::test
