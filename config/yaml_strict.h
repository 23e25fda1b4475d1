// Strict reading of config YAML (issue 13): a file or a --set value that could mean two things is refused
// with a ConfigError naming the key or file, the line and the reason, instead of one reading winning
// silently. Refused: a directory or unreadable file, a syntax error, an empty file (it would silently run
// the 16,512-node defaults), a second YAML document after `---` (only the first would be read), a key
// given twice in one mapping, the same dotted key given twice (`topology.h: 3` beside `topology: {h: 2}`),
// and keys that are not plain scalars.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

namespace hiradix {

// The single document of config file `path`, checked as above (throws ConfigError).
YAML::Node load_yaml_file_strict(const std::string& path);

// The YAML value of `--set key=text`, checked the same way (one document, unique keys).
YAML::Node parse_yaml_value_strict(const std::string& key, const std::string& text);

// The checks on an already parsed document: `where` names the file or --set item in the messages, `prefix`
// is the dotted path of `doc` itself ("" for a whole file).
void check_unique_keys(const YAML::Node& doc, const std::string& where, const std::string& prefix = "");

}  // namespace hiradix
