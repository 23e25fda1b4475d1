#!/usr/bin/env bash
# Cache misses per router crossing in steady state, by function (issue 31's cost growth: the wall time a
# crossing gains on a large network is its L2 misses). cachegrind with the last level set to this machine's
# 2 MiB L2 (the L3 is shared with the VM's neighbours: a line that misses L2 waits for it or for memory),
# the difference between a WARMUP + S + M and a WARMUP + S cycle run of the Dragonfly (MIN, UN, one thread,
# sim.partitions auto), divided by the router crossings between them (crossbar traversals / packet size).
# Deterministic, unlike wall time on this VM. Not a test: record the figures in docs/benchmark.md ("Where an
# h = 8 crossing's time goes").
# Usage: tests/bench/cache_misses.sh [BUILD_DIR] [H] [LOAD_PER_NODE] [S] [M]   (default build 8 0.05 500 1000)
# WARMUP (default 500): the warm-up cycles before S (the h = 6 figures of 2026-11-30: WARMUP=300, S = M = 300).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build}/hiradix
h=${2:-8} load=${3:-0.05} s=${4:-500} m=${5:-1000} warmup=${WARMUP:-500}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for measure in "$s" $((s + m)); do
  valgrind --tool=cachegrind --cache-sim=yes --LL=2097152,16,64 --trace-children=yes \
    --cachegrind-out-file="$out/cg.$measure.%p" "$bin" run testbench/configs/default.yaml -q --out "$out/r$measure" \
    --set topology.h="$h" --set traffic.load="$load" --set sim.warmup="$warmup" --set sim.measure="$measure" >/dev/null 2>&1 &
done
wait
python3 - "$out" "$s" $((s + m)) <<'PY'
import glob, json, os, sys
out, short, long = sys.argv[1:4]

def per_function(measure):  # the simulation child's file is the largest
    path = max(glob.glob(f"{out}/cg.{measure}.*"), key=os.path.getsize)
    events, fn, totals = None, None, {}
    for line in open(path):
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("fn="):
            fn = line[3:].strip()
        elif line[:1].isdigit() and fn:
            t = totals.setdefault(fn, [0] * len(events))
            for i, x in enumerate(line.split()[1:]):
                t[i] += int(x)
    return events, totals

events, a = per_function(short)
_, b = per_function(long)
ra, rb = (json.load(open(f"{out}/r{m}/result.json")) for m in (short, long))
crossings = (rb["activity"]["crossbar_traversals"] - ra["activity"]["crossbar_traversals"]) / rb["config"]["packet"]["size"]
at = {e: i for i, e in enumerate(events)}
rows = []
for fn in set(a) | set(b):
    va, vb = a.get(fn, [0] * len(events)), b.get(fn, [0] * len(events))
    rows.append([(vb[i] - va[i]) / crossings for i in range(len(events))] + [fn])
total = [sum(r[i] for r in rows) for i in range(len(events))]
print(f"{crossings:.0f} crossings; per crossing: instructions {total[at['Ir']]:.0f}, L1 data read misses "
      f"{total[at['D1mr']]:.1f}, L2 read misses {total[at['DLmr']]:.2f}, L2 write misses {total[at['DLmw']]:.2f}")
print(f"{'L2 read':>8} {'L2 write':>8} {'L1 read':>8} {'instr':>7}  function")
rows.sort(key=lambda r: -(r[at["DLmr"]] + r[at["DLmw"]]))
for r in rows[:20]:
    print(f"{r[at['DLmr']]:8.2f} {r[at['DLmw']]:8.2f} {r[at['D1mr']]:8.2f} {r[at['Ir']]:7.0f}  {r[-1][:90]}")
PY
