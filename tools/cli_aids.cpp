#include "tools/cli_aids.h"

#include <algorithm>
#include <sstream>

#include "config/config.h"

namespace hiradix {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// `case` arms giving each key's allowed values (keys with a list of choices only).
std::string value_cases() {
  std::ostringstream s;
  for (const KeySpec& k : config_schema())
    if (!k.choices.empty()) s << "    " << k.key << ") echo '" << join(k.choices) << "' ;;\n";
  return s.str();
}

// The generic part of the script: the word under the cursor is taken whole from COMP_LINE (bash splits
// `key=value` at '=' and ':' into several COMP_WORDS), and replies lose the part before the last '=' or ':'
// again, since bash replaces only the piece after it.
const char* kFunction = R"SH(_hiradix() {
  local line="${COMP_LINE:0:COMP_POINT}"
  local cur="${line##*[[:space:]]}"
  local -a words
  read -ra words <<< "${line%"$cur"}"
  local n=${#words[@]} prev="${words[${#words[@]}-1]}" sub="${words[1]}"
  local -a replies=()
  if [ "$n" -le 1 ]; then
    replies=($(compgen -W "$_hiradix_commands --help --version" -- "$cur"))
  elif [ "$sub" = help ] && [ "$n" -eq 2 ]; then
    replies=($(compgen -W "$_hiradix_commands" -- "$cur"))
  elif [ "$sub" = completion ] && [ "$n" -eq 2 ]; then
    replies=($(compgen -W "bash" -- "$cur"))
  elif [ "$prev" = --set ] || [ "$prev" = --vary ]; then
    if [[ "$cur" == *=* ]]; then
      local key="${cur%%=*}" values="${cur#*=}"
      local given="${values%"${values##*,}"}"
      replies=($(compgen -W "$(_hiradix_values "$key")" -P "$key=$given" -- "${values##*,}"))
    else
      replies=($(compgen -W "$_hiradix_keys" -S "=" -- "$cur"))
      compopt -o nospace 2>/dev/null
    fi
  elif [ "$prev" = --executor ]; then
    replies=($(compgen -W "local slurm" -- "$cur"))
  elif [[ " $(_hiradix_value_options "$sub") " == *" $prev "* ]]; then
    replies=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
  elif [[ "$cur" == -* ]]; then
    replies=($(compgen -W "$(_hiradix_options "$sub")" -- "$cur"))
  else
    replies=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
  fi
  local strip=""
  [[ "$cur" == *[=:]* && "$COMP_WORDBREAKS" == *=* ]] && strip="${cur%"${cur##*[=:]}"}"
  COMPREPLY=("${replies[@]#"$strip"}")
}
complete -F _hiradix hiradix
)SH";

}  // namespace

std::string nearest_word(const std::string& typed, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = typed.size() / 3 + 2;  // farther than this is not a typo of it
  for (const std::string& n : names) {
    const std::size_t d = edit_distance(typed, n);
    if (d < best_d) best_d = d, best = n;
  }
  return best;
}

std::string bash_completion_script(const std::vector<CompletionCommand>& commands) {
  std::ostringstream s;
  s << "# bash completion for hiradix, written by `hiradix completion bash` from its subcommands' options and\n"
       "# the config schema. Use: source <(hiradix completion bash), or save it as\n"
       "# ~/.local/share/bash-completion/completions/hiradix\n";
  std::vector<std::string> names, keys;
  for (const CompletionCommand& c : commands) names.push_back(c.name);
  for (const KeySpec& k : config_schema()) keys.push_back(k.key);
  s << "_hiradix_commands='" << join(names) << "'\n_hiradix_keys='" << join(keys) << "'\n";
  s << "_hiradix_values() {\n  case \"$1\" in\n" << value_cases() << "  esac\n}\n";
  s << "_hiradix_options() {\n  case \"$1\" in\n";
  for (const CompletionCommand& c : commands) {
    std::vector<std::string> all = c.flags;
    all.insert(all.end(), c.value_options.begin(), c.value_options.end());
    s << "    " << c.name << ") echo '" << join(all) << "' ;;\n";
  }
  s << "  esac\n}\n_hiradix_value_options() {\n  case \"$1\" in\n";
  for (const CompletionCommand& c : commands) s << "    " << c.name << ") echo '" << join(c.value_options) << "' ;;\n";
  s << "  esac\n}\n" << kFunction;
  return s.str();
}

}  // namespace hiradix
