// Simulation children (issue 13): a child dies with its parent (an interrupted `hiradix run` or `sweep`
// leaves no orphaned simulations behind), and a child that ends by a signal is reported by name.
#pragma once
#include <sys/types.h>

#include <functional>
#include <string>

namespace hiradix {

// Called in a freshly forked child: asks the kernel to send SIGTERM when `parent` (the pid that forked it)
// ends, and exits at once if it already has.
void die_with_parent(pid_t parent);

// How a child ended, from waitpid's status: "exited with code 3", "killed by SIGKILL (out of memory?)",
// "killed by SIGSEGV (a crash)", ...
std::string describe_child_end(int wait_status);

// True when the child was ended by a signal (then it wrote no result).
bool ended_by_signal(int wait_status);

// The process name (comm) of compute_in_child's children, so that they can be told from simulations.
inline constexpr const char* kComputeChildName = "hiradix-compute";

// Runs `compute` in a forked child and returns the text it returned, so that whatever it allocated never
// touches this process's heap (a later simulation child would inherit it fragmented). An exception in
// `compute` is rethrown here as std::runtime_error with its message; a child that dies throws naming how.
std::string compute_in_child(const std::function<std::string()>& compute);

}  // namespace hiradix
