#include "tools/run/provenance.h"

#include "hiradix_commit.h"   // generated at build time (cmake/git_commit.cmake)
#include "hiradix_version.h"  // generated at configure time
#include "tools/run/sha256.h"

namespace hiradix {

std::string hiradix_version() { return HIRADIX_VERSION; }

std::string git_commit() { return HIRADIX_GIT_COMMIT; }

std::string version_line() { return "hiradix " + hiradix_version() + " (git " + git_commit() + ")"; }

std::string config_sha256(const nlohmann::json& resolved_config) { return sha256_hex(resolved_config.dump()); }

}  // namespace hiradix
