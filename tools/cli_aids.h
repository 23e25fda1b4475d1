// What helps a user at the command line (issue 12): "did you mean" for a mistyped subcommand, and the bash
// completion script, generated from the subcommands' options and the config schema (keys and their
// allowed values), so it never falls behind either.
#pragma once
#include <string>
#include <vector>

namespace hiradix {

// The nearest of `names` to `typed` by edit distance, "" when none is within a third of the word (plus
// one): "runn" -> "run", "swep" -> "sweep", "xyz" -> "".
std::string nearest_word(const std::string& typed, const std::vector<std::string>& names);

// One subcommand as completion sees it: its options that take a value (completed with keys, files, or
// nothing) and those that do not.
struct CompletionCommand {
  std::string name;
  std::vector<std::string> flags;          // --quiet, -q, ...
  std::vector<std::string> value_options;  // --set, --out, ...
};

// A bash script defining the completion function `_hiradix` for `complete -F`: subcommands; each
// subcommand's options; config keys after --set and --vary (with `=`), and after `key=` the key's allowed
// values; file names elsewhere.
std::string bash_completion_script(const std::vector<CompletionCommand>& commands);

}  // namespace hiradix
