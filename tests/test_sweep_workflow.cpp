// Sweeps as a user drives them (issue 12): --resume may extend a plan with new values and seeds and keeps
// the points already done (the files themselves, renumbered); a plan that would drop a point is refused;
// trace files of a sweep go under each point's directory, never the working directory; SIGINT and SIGTERM
// reach the running simulations, and the interrupted sweep still writes the tables of the points done.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "sim_helpers.h"

namespace {

namespace fs = std::filesystem;
using hiradix::test::TempDir;

#ifdef HIRADIX_BIN

const char* kBase = "topology:\n  h: 2\nsim:\n  warmup: 1000\n  measure: 2000\n  watchdog: 1000\n";

int hiradix(const TempDir& dir, const std::string& args, std::string* err = nullptr) {
  const int code = hiradix::test::run_shell("cd " + hiradix::test::shell_quote(dir.path.string()) + " && " +
                                            hiradix::test::shell_quote(HIRADIX_BIN) + " " + args + " >/dev/null 2>err.txt");
  if (err) *err = hiradix::test::read_text(dir.file("err.txt"));
  return code;
}

ino_t inode(const fs::path& p) {
  struct stat s {};
  return stat(p.c_str(), &s) == 0 ? s.st_ino : 0;
}

TEST(SweepResume, ExtendingThePlanKeepsThePointsDoneAndEqualsAFreshSweep) {
  TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary routing.algorithm=min --vary traffic.load=0.1,0.3 --out s -q -j 2"), 0);
  // Stored: 0 = (min, 0.1), 1 = (min, 0.3). Extended: routings min, base x loads 0.1, 0.2, 0.3 x 2 seeds,
  // where (min, 0.1, first seed) is point 0 and (min, 0.3, first seed) point 4.
  const ino_t p0 = inode(dir.path / "s/points/0000.json"), p1 = inode(dir.path / "s/points/0001.json");
  const std::string extended = "sweep base.yaml --vary routing.algorithm=min,base --vary traffic.load=0.1,0.2,0.3 --seeds 2 -j 2";
  std::string err;
  ASSERT_EQ(hiradix(dir, extended + " --out s --resume", &err), 0) << err;
  EXPECT_NE(err.find("resuming, 2 of 12 points already done"), std::string::npos) << err;
  EXPECT_NE(err.find("grows from 2 to 12 points"), std::string::npos) << err;
  EXPECT_EQ(inode(dir.path / "s/points/0000.json"), p0) << "a point done is not run again";
  EXPECT_EQ(inode(dir.path / "s/points/0004.json"), p1) << "(min, 0.3) moved to its index in the new plan";
  ASSERT_EQ(hiradix(dir, extended + " --out fresh -q"), 0);
  for (const char* f : {"results.csv", "summary.csv", "sweep.json"})
    EXPECT_EQ(hiradix::test::read_text(dir.file(std::string("s/") + f)), hiradix::test::read_text(dir.file(std::string("fresh/") + f))) << f;
}

TEST(SweepResume, APlanThatWouldDropAPointDoneIsRefused) {
  TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --seeds 2 --out o -q -j 2"), 0);
  std::string err;
  EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1 --seeds 2 --out o -q --resume", &err), 2);
  EXPECT_NE(err.find("other values of --vary traffic.load: 0.2 is not in the new plan"), std::string::npos) << err;
  EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --out o -q --resume", &err), 2);
  EXPECT_NE(err.find("--seeds 1 instead of 2"), std::string::npos) << err;
  EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary routing.algorithm=min --vary traffic.load=0.1,0.2 --seeds 2 --out o -q --resume", &err), 2);
  EXPECT_NE(err.find("other --vary keys"), std::string::npos) << err;
  // Nothing was touched by the refused attempts: the stored sweep resumes as it was.
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --seeds 2 --out o --resume", &err), 0) << err;
  EXPECT_NE(err.find("4 of 4 points already done"), std::string::npos) << err;
}

TEST(SweepTraces, TraceFilesGoUnderEachPointsDirectory) {
  TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --set trace.router=1 --set trace.vcd=sub/r1.vcd --set trace.contention=r1.csv "
                         "--vary traffic.load=0.2,0.4 --out s -q -j 2"),
            0);
  for (const char* p : {"0000", "0001"}) {
    EXPECT_GT(fs::file_size(dir.path / "s/points" / p / "r1.vcd"), 0u) << p;
    EXPECT_TRUE(fs::exists(dir.path / "s/points" / p / "r1.csv")) << p;
  }
  EXPECT_FALSE(fs::exists(dir.path / "sub")) << "nothing in the working directory";
  EXPECT_FALSE(fs::exists(dir.path / "r1.csv"));
  // The two points traced different loads, so their files differ (neither overwrote the other).
  EXPECT_NE(hiradix::test::read_text(dir.file("s/points/0000/r1.csv")), hiradix::test::read_text(dir.file("s/points/0001/r1.csv")));
  // The result keeps the names as given (the plan's resolved config).
  EXPECT_NE(hiradix::test::read_text(dir.file("s/points/0000.json")).find("\"vcd\": \"sub/r1.vcd\""), std::string::npos);
}

TEST(SweepTraces, LianTracesGoUnderEachPointsDirectory) {
  TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --set routing.algorithm=lian --set trace.router=1 --set \"trace.vcd=''\" "
                         "--set trace.lian=il.csv --vary traffic.load=0.2,0.4 --out s -q -j 2"),
            0);
  EXPECT_FALSE(fs::exists(dir.path / "il.csv")) << "nothing in the working directory";
  EXPECT_NE(hiradix::test::read_text(dir.file("s/points/0000/il.csv")), hiradix::test::read_text(dir.file("s/points/0001/il.csv")));
}

// The children's wait status as their parent saw it is not ours to read; what we check is that they are
// gone, i.e. the signal reached them (their parent waits for them before it ends).
bool gone(pid_t pid) { return kill(pid, 0) != 0; }

TEST(SweepInterrupt, TheSignalReachesTheSimulationsAndTheTablesHoldThePointsDone) {
  for (const int sig : {SIGINT, SIGTERM}) {
    TempDir dir;
    std::ofstream(dir.file("base.yaml")) << kBase;
    // Point 0 ends at once, point 1 runs for minutes; -j 1 runs them one after the other.
    const pid_t sweep = hiradix::test::start_hiradix(dir, {"sweep", "base.yaml", "--vary", "sim.measure=2000,50000000", "-j", "1", "--out", "s", "-q"});
    std::vector<pid_t> kids, first;  // first: point 0's child
    for (int i = 0; i < 600 && kids.empty(); ++i) {  // up to 30 s for point 1 to start
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const std::vector<pid_t> now = hiradix::test::children_of(sweep);
      if (!fs::exists(dir.path / "s/points/0000.json")) {
        first.insert(first.end(), now.begin(), now.end());
        continue;
      }
      // Point 0's child ends right after writing its result, and the sweep reaps it within 100 ms; a
      // child still there 300 ms later is point 1's, even when no poll saw point 0's child alive.
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      for (pid_t k : hiradix::test::children_of(sweep))
        if (std::find(first.begin(), first.end(), k) == first.end()) kids.push_back(k);
    }
    ASSERT_EQ(kids.size(), 1u) << "point 1 is running";
    kill(sweep, sig);
    int status = 0;
    waitpid(sweep, &status, 0);
    const bool kid_gone = gone(kids[0]);
    kill(kids[0], SIGKILL);  // never leave one behind, even when the test fails
    EXPECT_TRUE(kid_gone) << "signal " << sig;
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "the sweep ends by the signal it received: " << status;
    const std::string err = hiradix::test::read_text(dir.file("stderr.txt"));
    EXPECT_NE(err.find("1 of 2 points have a result"), std::string::npos) << err;
    EXPECT_NE(err.find("--resume"), std::string::npos) << err;
    const std::string csv = hiradix::test::read_text(dir.file("s/results.csv"));
    EXPECT_NE(csv.find("\n0,2000,1,ok,"), std::string::npos) << csv;
    EXPECT_EQ(csv.find("\n1,"), std::string::npos) << "no row for the interrupted point: " << csv;
  }
}

#endif

}  // namespace
