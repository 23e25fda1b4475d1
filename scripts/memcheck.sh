#!/usr/bin/env bash
# The golden cases (tests/golden/cases.txt) under valgrind's memcheck, on the normal release build: invalid
# reads and writes, uses of uninitialised values, bad frees, in the command, its deadlock check and the
# simulation child. No rebuild (scripts/sanitize.sh needs a build of its own, some two hours on 2 cores);
# some 3 s a case. Each case is shortened to 100 + 300 cycles where it allows (a change or a trace
# window at a later cycle keeps its own) and run on two threads where it allows, so the partitions' windows
# and cut links run too. Fails if any case reports an error or fails.
#   [EXCLUDE=REGEX] scripts/memcheck.sh [BUILD_DIR] [CASE_REGEX]     e.g. scripts/memcheck.sh build '^(ugal|pb)_'
# Logs: BUILD_DIR/memcheck/NAME.PID.log. EXCLUDE=REGEX leaves cases out (none by default).
# No leak check (--leak-check=no): it scans the program's mapped memory at exit, and the packet pool and DRB's
# path headers reserve 16 GiB of address space each (tlm/reserved_array.h, committed only as touched). With
# it, drb_mesh's process grew to 23.7 GB in the check (its log ends at the heap summary) and was OOM-killed
# (2026-12-02); without it the same run peaks at 102 MB. Memcheck's default leak check only summarises anyway (a leak is not an
# error for --error-exitcode); scripts/sanitize.sh's LeakSanitizer checks leaks.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
only=${2:-.}
exclude=${EXCLUDE-}
case $build in /*) ;; *) build=$PWD/$build ;; esac
bin=$build/hiradix
[ -x "$bin" ] || { echo "memcheck.sh: $bin not built (scripts/setup.sh builds it)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "memcheck.sh: valgrind not found (Debian package valgrind)" >&2; exit 1; }
out=$build/memcheck
mkdir -p "$out"
configs=$PWD/testbench/configs
cases_file=$PWD/tests/golden/cases.txt
cd "$out"  # a case's trace files (trace.vcd, trace.contention) land here, not in the checkout
failed=0
cases=0
while read -r name config sets; do
  [[ $name =~ $only ]] || continue
  [ -n "$exclude" ] && [[ $name =~ $exclude ]] && continue
  own=() short=()
  for s in $sets; do  # the case's own lengths, or the short ones instead
    own+=(--set "$s")
    case $s in sim.warmup=* | sim.measure=*) ;; *) short+=(--set "$s") ;; esac
  done
  short+=(--set sim.warmup=100 --set sim.measure=300)
  # The first of: short on two threads, short on one, its own lengths on two, on one, that the command takes
  # (a case with one domain or DRB's free ACKs refuses threads; one with a change or a trace window at a
  # later cycle refuses the short run).
  args=() threads=1
  for try in "short 2" "short 1" "own 2" "own 1"; do
    set -- $try
    if [ "$1" = short ]; then args=("${short[@]}"); else args=("${own[@]}"); fi
    threads=$2
    "$bin" run "$configs/$config" -q --out "$out/$name.plain" "${args[@]}" --set sim.threads=$threads >/dev/null 2>&1 && break
  done
  args+=(--set sim.threads=$threads)
  rm -f "$out/$name".*.log
  valgrind --tool=memcheck --leak-check=no --trace-children=yes --error-exitcode=99 --log-file="$out/$name.%p.log" \
    "$bin" run "$configs/$config" -q --out "$out/$name" "${args[@]}" >/dev/null 2>"$out/$name.stderr"
  rc=$?
  errors=$(grep -h 'ERROR SUMMARY' "$out/$name".*.log | awk '{n += $4} END {print n + 0}')
  cases=$((cases + 1))
  printf '%-24s %s, %s thread(s), exit %d, %d memcheck errors\n' "$name" "$([ "$1" = short ] && echo 100+300 || echo "its own cycles")" "$threads" "$rc" "$errors"
  if [ "$rc" -ne 0 ] || [ "$errors" -ne 0 ]; then failed=$((failed + 1)); fi
done < <(grep -v -e '^#' -e '^[[:space:]]*$' "$cases_file")
[ "$cases" -gt 0 ] || { echo "memcheck.sh: no golden case matches '$only'" >&2; exit 2; }
echo "memcheck.sh: $cases cases, $failed with an error or a failed run (logs in $out)"
[ "$failed" -eq 0 ]
