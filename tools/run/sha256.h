// SHA-256 (FIPS 180-4), for the hash of the resolved config that result.json records (provenance): a
// standard digest anyone can recompute with `sha256sum`, without a crypto library as a dependency.
#pragma once
#include <string>

namespace hiradix {

// The digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(const std::string& data);

}  // namespace hiradix
