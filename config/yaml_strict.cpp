#include "config/yaml_strict.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "config/config.h"

namespace hiradix {

namespace {

int line_of(const YAML::Node& n) { return n.Mark().line + 1; }  // yaml-cpp counts from 0; -1 = unknown

std::string at_line(int line) { return line > 0 ? "line " + std::to_string(line) : "unknown line"; }

// Walks every mapping: keys must be scalars and unique within their mapping; in the config tree (mappings
// reached from the top through mappings) every dotted path must be given once, however it is spelt.
void walk(const YAML::Node& n, const std::string& where, const std::string& prefix, bool config_tree,
          std::map<std::string, int>& paths) {
  if (n.IsSequence()) {
    for (const YAML::Node& item : n) walk(item, where, prefix, false, paths);
    return;
  }
  if (!n.IsMap()) return;
  std::map<std::string, int> local;
  for (const auto& kv : n) {
    if (!kv.first.IsScalar())
      throw ConfigError("config error: " + where + ": " + at_line(line_of(kv.first)) + ": a key must be a plain name, not a " +
                        (kv.first.IsMap() ? "mapping" : kv.first.IsSequence() ? "list" : "null"));
    const std::string name = kv.first.Scalar();
    const std::string path = prefix.empty() ? name : prefix + "." + name;
    const int line = line_of(kv.first);
    if (!local.emplace(name, line).second)
      config_fail(path, "given twice in " + where + " (" + at_line(local[name]) + " and " + at_line(line) +
                            "); remove one, YAML would silently keep the last");
    if (config_tree && !kv.second.IsMap()) {
      auto [it, fresh] = paths.emplace(path, line);
      if (!fresh)
        config_fail(path, "given twice in " + where + " (" + at_line(it->second) + " and " + at_line(line) +
                              ", once as a dotted key and once inside its section); keep one");
    }
    walk(kv.second, where, path, config_tree && kv.second.IsMap(), paths);
  }
}

bool is_document_marker(const std::string& line) {
  return line.compare(0, 3, "---") == 0 && (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
}

// The line of the n-th (0-based) line that starts a YAML document ("---"), or 0.
int document_marker_line(const std::string& text, int n) {
  std::istringstream in(text);
  int line = 0, seen = 0;
  for (std::string s; std::getline(in, s);) {
    ++line;
    if (is_document_marker(s) && seen++ == n) return line;
  }
  return 0;
}


// Whether a document yaml-cpp read as null is really empty: only blank lines, comments, or ~ / null.
// yaml-cpp 0.7 reads some garbage (a stray ',') as a null document.
bool holds_only_null(const std::string& part) {
  std::istringstream in(part);
  std::string text;
  for (std::string line; std::getline(in, line);) {
    const std::size_t hash = line.find('#');
    text += line.substr(0, hash) + " ";
  }
  std::string word;
  std::istringstream words(text);
  words >> word;
  std::string rest;
  words >> rest;
  return rest.empty() && (word.empty() || word == "~" || word == "null" || word == "Null" || word == "NULL");
}

// The documents of `text`, as YAML::LoadAll gives them. yaml-cpp 0.7's LoadAll loops forever on some
// malformed input (a stray ',' at the top level, found by the fuzzer; fixed upstream after the version
// Debian ships), so the text is split at its "---" lines here (a document marker cannot occur inside a
// scalar) and each document is parsed with Load. A YAML::Exception names its line in the whole text.
std::vector<YAML::Node> load_documents(const std::string& text) {
  std::vector<YAML::Node> docs;
  std::istringstream in(text);
  std::string part, line;
  int part_first_line = 1, line_no = 0;
  bool marked = false;  // the current part opened with "---"
  auto flush = [&] {
    try {
      YAML::Node doc = YAML::Load(part);
      if (doc.IsNull() && !holds_only_null(part)) {
        YAML::Mark at;
        throw YAML::ParserException(at, "not a YAML mapping or value");
      }
      // Text before a first "---" that holds nothing (blank, or only comments) is no document.
      if (marked || !doc.IsNull()) docs.push_back(doc);
    } catch (YAML::Exception& e) {
      e.mark.line += part_first_line - 1;
      throw;
    }
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (is_document_marker(line)) {
      if (marked || line_no > 1) flush();
      part = line.substr(3) + "\n";  // what follows the marker on its line belongs to the document
      part_first_line = line_no;
      marked = true;
    } else {
      part += line + "\n";
    }
  }
  if (marked || !part.empty()) flush();
  return docs;
}

std::vector<YAML::Node> parse_all(const std::string& text, const std::string& where) {
  try {
    return load_documents(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError("config error: " + where + ": " + at_line(e.mark.line + 1) + ": " + e.msg);
  }
}

// The one document of `text`; a second non-empty document is an error.
YAML::Node single_document(const std::string& text, const std::string& where) {
  const std::vector<YAML::Node> docs = parse_all(text, where);
  for (std::size_t i = 1; i < docs.size(); ++i) {
    if (docs[i].IsNull()) continue;  // "---" followed by nothing holds no keys
    // The line of the "---" opening document i (the first document may or may not open with one).
    int markers = 0;
    while (document_marker_line(text, markers) > 0) ++markers;
    const bool first_marked = markers >= static_cast<int>(docs.size());
    int line = document_marker_line(text, static_cast<int>(first_marked ? i : i - 1));
    if (line == 0) line = line_of(docs[i]);
    throw ConfigError("config error: " + where + ": " + at_line(line) +
                      ": a second YAML document (after ---); only the first would be read, so it would be ignored: "
                      "put every key in one document");
  }
  return docs.empty() ? YAML::Node() : docs[0];
}

}  // namespace

void check_unique_keys(const YAML::Node& doc, const std::string& where, const std::string& prefix) {
  std::map<std::string, int> paths;
  walk(doc, where, prefix, doc.IsMap(), paths);
}

namespace {
constexpr std::uintmax_t kMaxConfigBytes = 1 << 20;
}  // namespace

YAML::Node load_yaml_file_strict(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ConfigError("config error: " + path + ": is a directory, not a config file");
  // A device or a FIFO (/dev/zero grew without limit, a FIFO blocked forever) is not a config file; nor is
  // a file far larger than any config.
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ConfigError("config error: " + path + ": is not a regular file (a device, FIFO or socket), not a config file");
  if (!ec && std::filesystem::is_regular_file(status) && std::filesystem::file_size(path, ec) > kMaxConfigBytes)
    throw ConfigError("config error: " + path + ": larger than " + std::to_string(kMaxConfigBytes >> 20) +
                      " MiB; a config file is a few hundred bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("config error: cannot read config file '" + path + "'");
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw ConfigError("config error: cannot read config file '" + path + "'");
  const std::string text = buf.str();
  const YAML::Node doc = single_document(text, path);
  if (doc.IsNull())
    throw ConfigError("config error: " + path +
                      ": holds no keys (empty, or only comments); that would run the defaults (h = 8, 16,512 nodes, "
                      "120,000 cycles): write {} in it to mean exactly that");
  check_unique_keys(doc, path);
  return doc;
}

YAML::Node parse_yaml_value_strict(const std::string& key, const std::string& text) {
  const std::string where = "--set " + key;
  std::vector<YAML::Node> docs;
  try {
    docs = load_documents(text);
  } catch (const YAML::Exception& e) {
    config_fail(key, "cannot parse value '" + text + "': " + e.msg);
  }
  for (std::size_t i = 1; i < docs.size(); ++i)
    if (!docs[i].IsNull()) config_fail(key, "the value holds a second YAML document (after ---); only the first would be read");
  const YAML::Node value = docs.empty() ? YAML::Node() : docs[0];
  check_unique_keys(value, where, key);
  return value;
}

}  // namespace hiradix
