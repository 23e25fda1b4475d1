#!/usr/bin/env bash
# hiradix side by side with the seeds' simulator, FOGSim (issue 31's ratios): whole-process wall time, one
# thread each, the same network and run: a balanced Dragonfly (palm tree), MIN, uniform traffic, 8-phit
# packets, the seed-003 Table I router (5-cycle crossbar, speed-up 2, 10/100-cycle local/global links),
# 1,000 warm-up + 2,000 measured cycles; h = 4 at 0.1, 0.5 and 1.0, h = 6 at 0.3. FOGSim's side is
# tests/bench/fogsim/*.txt, its own config format (buffers as its sample configuration: 32 phits a local
# VC, 256 a global one; output queues 32 phits). FOGSim is not in Debian: build it from its public sources
# (github.com/fuentesp/fogsim, `make fogsim`, its own -O2) and give its binary as FOGSIM. Pairs alternate
# the two programs; each line is one pair, then the median ratio per point. Also printed: each program's
# accepted load and average latency (generation to delivery), to show the runs are comparable. Not a test:
# record the figures in docs/benchmark.md. CPU=N runs both programs on core N alone (taskset): on this kind of
# virtual machine one core at times reaches memory up to 1.6x slower than the other (docs/benchmark.md, "One core slower
# than the other"), so an unpinned pair may compare the two cores rather than the two programs.
# Usage: FOGSIM=/path/to/fogsim [PAIRS=3] [POINTS="4:0.1 4:0.5 4:1.0 6:0.3"] [CPU=N] tests/bench/fogsim_compare.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$(pwd)
bin=$src/${1:-build}/hiradix
fogsim=${FOGSIM:?set FOGSIM to a FOGSim binary (github.com/fuentesp/fogsim, make fogsim)}
pairs=${PAIRS:-3}
pin=()
[ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
points=${POINTS:-4:0.1 4:0.5 4:1.0 6:0.3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
echo "h,load,pair,fogsim_s,hiradix_s,ratio,fogsim_accepted,hiradix_accepted,fogsim_latency,hiradix_latency"
for point in $points; do
  h=${point%%:*} load=${point#*:}
  percent=$(python3 -c "print(round($load * 100))")
  for pair in $(seq "$pairs"); do
    t0=$(now)
    (cd "$tmp" && "${pin[@]}" "$fogsim" "$src/tests/bench/fogsim/dfly_h${h}_min_un.txt" Probability="$percent" Seed=1 OutputFileName=fog > fog.stdout)
    t1=$(now)
    "${pin[@]}" "$bin" run testbench/configs/default.yaml -q --out "$tmp/hx" --set topology.h="$h" --set traffic.load="$load" \
      --set sim.warmup=1000 --set sim.measure=2000
    t2=$(now)
    python3 - "$tmp" "$h" "$load" "$pair" "$t0" "$t1" "$t2" <<'PY'
import json, re, sys
tmp, h, load, pair = sys.argv[1:5]
t0, t1, t2 = map(float, sys.argv[5:8])
r = json.load(open(f"{tmp}/hx/result.json"))
# FOGSim's summary file: the accepted load and the average total latency of the measured cycles.
text = open(f"{tmp}/fog").read()
acc = re.search(r"^Accepted Load:\s*([0-9.]+)", text, re.M)
lat = re.search(r"^Average Total Latency:\s*([0-9.]+)", text, re.M)
f, x = t1 - t0, t2 - t1
print(f"{h},{load},{pair},{f:.2f},{x:.3f},{f / x:.1f},{acc.group(1) if acc else '?'},{r['accepted_load']:.4f},"
      f"{lat.group(1) if lat else '?'},{r['latency']['total']['average']:.1f}")
PY
  done
done | tee "$tmp/pairs.csv"
python3 - "$tmp/pairs.csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), fieldnames=["h", "load", "pair", "f", "x", "ratio", "fa", "xa", "fl", "xl"]))
print("h,load,median_ratio,min_ratio,max_ratio")
for key in dict.fromkeys((r["h"], r["load"]) for r in rows):
    ratios = [float(r["ratio"]) for r in rows if (r["h"], r["load"]) == key]
    print(f"{key[0]},{key[1]},{statistics.median(ratios):.1f},{min(ratios):.1f},{max(ratios):.1f}")
PY
