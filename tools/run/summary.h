// What `hiradix run` prints of a result: the one-screen summary, and the fields of a lockstep mismatch.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace hiradix {

// The fields of a lockstep mismatch record (result.json's rtl.mismatch) whose model and RTL outputs
// differ, one line each ("  out_vc: model 1, rtl 0"), after a line naming the decision.
std::string mismatch_diff(const nlohmann::json& mismatch);

// The one-screen summary printed by `hiradix run`.
std::string summarize(const nlohmann::json& result);

// What `hiradix run` prints of a finished run written to `path` with exit code `code`: the summary on
// stdout (unless quiet), and on stderr what a deadlock, a conservation violation or an RTL mismatch says.
void report_run(const nlohmann::json& result, int code, const std::string& path, bool quiet);

}  // namespace hiradix
