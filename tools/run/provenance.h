// Provenance of a result (issue 12): which hiradix made it and from which config. result.json records
// them in its `simulation` object (the part of a result that is not the simulated network's behaviour, so
// results of different builds stay comparable, e.g. by the golden set, which ignores `simulation`).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace hiradix {

std::string hiradix_version();  // project(VERSION) of CMakeLists.txt, e.g. "0.1.0"
std::string git_commit();       // the source tree's commit at build time, "-dirty" appended if modified; "unknown"
std::string version_line();     // `hiradix --version`: "hiradix 0.1.0 (git <commit>)"

// SHA-256 of the resolved config as result.json's `config` holds it, serialized compactly with its keys in
// order (nlohmann::json::dump(); Python's json.dumps(config, separators=(",", ":"), sort_keys=True) writes
// the same text for the values a config holds).
std::string config_sha256(const nlohmann::json& resolved_config);

}  // namespace hiradix
