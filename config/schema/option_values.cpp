#include "config/schema/option_values.h"

#include <cerrno>
#include <cstdlib>

namespace hiradix {

std::string OptionValues::text(const std::string& key) const {
  const auto it = values_.find(key);
  return it != values_.end() ? it->second : default_of(key);
}

long long OptionValues::integer(const std::string& key) const {
  const std::string v = text(key);
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno) throw std::invalid_argument(key + ": expected an integer, got '" + v + "'");
  return n;
}

std::vector<long long> OptionValues::integers(const std::string& key) const {
  const std::string v = text(key);
  const auto bad = [&] { return std::invalid_argument(key + ": expected a list of integers such as [8, 8], got '" + v + "'"); };
  std::size_t i = 0;
  const auto skip_spaces = [&] {
    while (i < v.size() && v[i] == ' ') ++i;
  };
  skip_spaces();
  if (i == v.size() || v[i] != '[') throw bad();
  ++i;
  std::vector<long long> out;
  skip_spaces();
  if (i < v.size() && v[i] == ']') throw bad();  // empty
  for (;;) {
    skip_spaces();
    const char* start = v.c_str() + i;
    char* end = nullptr;
    errno = 0;
    const long long n = std::strtoll(start, &end, 10);
    if (end == start || errno) throw bad();
    out.push_back(n);
    i += static_cast<std::size_t>(end - start);
    skip_spaces();
    if (i < v.size() && v[i] == ',') {
      ++i;
      continue;
    }
    if (i < v.size() && v[i] == ']') break;
    throw bad();
  }
  ++i;
  skip_spaces();
  if (i != v.size()) throw bad();
  return out;
}

std::string OptionValues::list_text(const std::vector<long long>& values) {
  std::string s = "[";
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

}  // namespace hiradix
