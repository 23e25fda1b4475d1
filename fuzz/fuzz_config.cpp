// libFuzzer target for the config loader and the --set parser (issue 13). An input is a config file,
// optionally preceded by lines "@set key=value" that become --set overrides (parse_override, then the
// strict value parser). load_config must either return a Config or throw a ConfigError (the one-line
// "config error: KEY: WHY" of exit code 2); any other exception, a crash, or undefined behaviour (ASan,
// UBSan incl. float-cast-overflow) is a finding. Built and run by scripts/fuzz.sh.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "config/config.h"

namespace {

const std::string& scratch_file() {
  static const std::string path = [] {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/hiradix_fuzz_" + std::to_string(getpid()) + ".yaml";
  }();
  return path;
}

}  // namespace

// libsystemc references sc_main from its own main(); libFuzzer's main runs instead and never calls it.
int sc_main(int, char**) { return 1; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(input);
  hiradix::Overrides overrides;
  std::string yaml, line;
  bool in_header = true;
  try {
    while (std::getline(lines, line)) {
      if (in_header && line.compare(0, 5, "@set ") == 0) {
        overrides.push_back(hiradix::parse_override(line.substr(5)));
        continue;
      }
      in_header = false;
      yaml += line + "\n";
    }
    {
      std::ofstream out(scratch_file(), std::ios::trunc | std::ios::binary);
      out << yaml;
    }
    const hiradix::Config c = hiradix::load_config(scratch_file(), overrides);
    // A config that loads must be one the model can hold: positive sizes, a watchdog within the run.
    if (hiradix::make_topology(c)->routers() < 1 || c.router.packet_size < 1 || c.nic_queue < 1) std::abort();
    for (const hiradix::LinkClassParams& l : c.links)
      if (l.vcs < 1 || l.buffer < 1 || l.latency < 1) std::abort();
  } catch (const hiradix::ConfigError& e) {
    const std::string msg = e.what();
    if (msg.compare(0, 14, "config error: ") != 0 || msg.find('\n') != std::string::npos) {
      std::cerr << "malformed error message: " << msg << "\n";
      std::abort();
    }
  } catch (const std::exception& e) {
    std::cerr << "not a ConfigError: " << e.what() << "\n";
    std::abort();
  }
  return 0;
}
