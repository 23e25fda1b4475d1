// Values of a group of documented keys (a routing's, a topology's) by name, kept as their YAML text. A key
// that was not set reads as its schema default, so a test may set only what it varies.
#pragma once
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hiradix {

// A bad value of a key, found by the layer that owns the key (a topology's checks, say); the config loader
// reports it as "config error: KEY: WHY".
class KeyError : public std::invalid_argument {
 public:
  KeyError(std::string key, const std::string& why) : std::invalid_argument(why), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

class OptionValues {
 public:
  virtual ~OptionValues() = default;
  // The value of `key`: the one set, else its default; throws std::invalid_argument for a key the group does
  // not declare, or a non-integer where an integer is read.
  long long integer(const std::string& key) const;
  std::string text(const std::string& key) const;
  // A KeyType::kIntList key: "[8, 8]" (or "[8,8]", as JSON writes it) as {8, 8}; throws std::invalid_argument
  // for text that is not such a list.
  std::vector<long long> integers(const std::string& key) const;
  // The canonical text of a list of integers, "[8, 8]".
  static std::string list_text(const std::vector<long long>& values);
  const std::map<std::string, std::string>& values_set() const { return values_; }

 protected:
  void put(const std::string& key, const std::string& value) { values_[key] = value; }
  // The schema default of `key`; throws std::invalid_argument if the group does not declare it.
  virtual std::string default_of(const std::string& key) const = 0;

  std::map<std::string, std::string> values_;
};

}  // namespace hiradix
