#include "testbench/child_process.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

namespace hiradix {

void die_with_parent(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) _exit(128 + SIGTERM);  // the parent ended before the request took effect
}

bool ended_by_signal(int wait_status) { return WIFSIGNALED(wait_status); }

std::string describe_child_end(int wait_status) {
  if (WIFEXITED(wait_status)) return "exited with code " + std::to_string(WEXITSTATUS(wait_status));
  if (!WIFSIGNALED(wait_status)) return "ended with wait status " + std::to_string(wait_status);
  const int sig = WTERMSIG(wait_status);
  const char* abbrev = sigabbrev_np(sig);
  std::string s = "killed by " + (abbrev ? "SIG" + std::string(abbrev) : "signal " + std::to_string(sig));
  switch (sig) {
    case SIGKILL: s += " (out of memory? the kernel's OOM killer sends SIGKILL)"; break;
    case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL: s += " (a crash)"; break;
    case SIGABRT: s += " (an abort: a failed check or an uncaught exception)"; break;
    case SIGINT: case SIGTERM: case SIGHUP: s += " (interrupted)"; break;
    default: break;
  }
  return s;
}

}  // namespace hiradix
