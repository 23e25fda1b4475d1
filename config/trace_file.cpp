#include "config/trace_file.h"

#include <fstream>
#include <sstream>

namespace hiradix {

namespace {

// A whole decimal integer in [lo, hi], or false.
bool parse_int(const std::string& text, long long lo, long long hi, long long& value) {
  if (text.empty()) return false;
  std::size_t used = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == text.size() && value >= lo && value <= hi;
}

}  // namespace

std::vector<TraceMessage> read_trace(const std::string& path, int nodes) {
  std::ifstream in(path);
  if (!in) throw TraceError(path + ": cannot read the file");
  std::vector<TraceMessage> messages;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::istringstream fields(line);
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    if (f.empty()) continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (f.size() != 4)
      throw TraceError(where + "expected 4 fields (cycle source destination packets), got " + std::to_string(f.size()));
    long long time, src, dst, packets;
    if (!parse_int(f[0], 0, 1LL << 62, time)) throw TraceError(where + "cycle '" + f[0] + "' is not an integer >= 0");
    const long long last = nodes - 1;
    if (!parse_int(f[1], 0, last, src))
      throw TraceError(where + "source '" + f[1] + "' is not a node (0 to " + std::to_string(last) + ")");
    if (!parse_int(f[2], 0, last, dst))
      throw TraceError(where + "destination '" + f[2] + "' is not a node (0 to " + std::to_string(last) + ")");
    if (dst == src) throw TraceError(where + "source and destination are the same node " + f[1]);
    if (!parse_int(f[3], 1, 1 << 20, packets)) throw TraceError(where + "packets '" + f[3] + "' is not an integer in [1, 1048576]");
    messages.push_back({static_cast<Cycle>(time), static_cast<int>(src), static_cast<int>(dst), static_cast<int>(packets)});
  }
  if (in.bad()) throw TraceError(path + ": cannot read the file");
  if (messages.empty()) throw TraceError(path + ": no message in the file");
  return messages;
}

}  // namespace hiradix
