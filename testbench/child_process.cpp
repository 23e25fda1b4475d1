#include "testbench/child_process.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <stdexcept>

namespace hiradix {

void die_with_parent(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) _exit(128 + SIGTERM);  // the parent ended before the request took effect
}

bool ended_by_signal(int wait_status) { return WIFSIGNALED(wait_status); }

std::string compute_in_child(const std::function<std::string()>& compute) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error(std::string("pipe failed: ") + std::strerror(errno));
  const pid_t parent = getpid();
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
  }
  if (pid == 0) {  // the child: one status byte ('0' ok, '1' error message follows), then the text
    close(fds[0]);
    die_with_parent(parent);
    prctl(PR_SET_NAME, kComputeChildName);
    std::string out;
    try {
      out = "0" + compute();
    } catch (const std::exception& e) {
      out = std::string("1") + e.what();
    }
    for (std::size_t done = 0; done < out.size();) {
      const ssize_t n = write(fds[1], out.data() + done, out.size() - done);
      if (n <= 0) _exit(1);
      done += static_cast<std::size_t>(n);
    }
    _exit(0);  // no static destructors or atexit handlers of the parent's state
  }
  close(fds[1]);
  std::string got;
  char buf[65536];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    got.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (got.empty() || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("the child process " + describe_child_end(status));
  if (got[0] != '0') throw std::runtime_error(got.substr(1));
  return got.substr(1);
}

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
