#!/usr/bin/env bash
# Cost growth with the network's size (issue 31): steady-state wall time per router-cycle and per router
# crossing, the difference between a run of S + M cycles and one of S (warm-up 0, so activity covers each
# run; elaboration excluded), one thread, sim.partitions auto, median of 3 pairs; Dragonflies h = 2 .. 8 at
# the same load per router (p x the load per node), meshes 8 x 8 .. 32 x 32. Not a test: run it on a quiet
# machine and record the figures in docs/benchmark.md ("Cost growth in wall time").
# CPU=N runs every point on core N alone (taskset; docs/benchmark.md, "One core slower than the other").
# Usage: [CPU=N] tests/bench/cost_growth.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build}/hiradix
out=$(mktemp -d)
pin=()
[ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
measure() {  # label, config, S, M, overrides...
  local label=$1 config=$2 s=$3 m=$4; shift 4
  for i in 1 2 3; do
    "${pin[@]}" $bin run $config -q --out $out/s$i --set sim.warmup=0 --set sim.measure=$s "$@"
    "${pin[@]}" $bin run $config -q --out $out/l$i --set sim.warmup=0 --set sim.measure=$((s + m)) "$@"
  done
  python3 - $out "$label" $m <<'PY'
import json, sys
d, label, m = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = []
for i in (1, 2, 3):
    a = json.load(open(f"{d}/s{i}/result.json")); b = json.load(open(f"{d}/l{i}/result.json"))
    routers = b["simulation"]["routers"]; size = b["config"]["packet"]["size"]
    wall = b["simulation"]["wall_seconds"] - a["simulation"]["wall_seconds"]
    cross = (b["activity"]["crossbar_traversals"] - a["activity"]["crossbar_traversals"]) / size
    rows.append((wall / (routers * m) * 1e9, wall / cross * 1e9, cross / (routers * m)))
rows.sort()
r = rows[1]
print(f"{label},{r[0]:.1f},{r[1]:.1f},{r[2]:.3f}")
PY
}
echo "network,per_router_load,ns_per_router_cycle,ns_per_crossing,crossings_per_router_cycle"
for per_router in 0.4 0.8 1.6; do
  for h in 2 4 6 8; do
    load=$(python3 -c "print(round($per_router / $h, 4))")
    case $h in 2) s=2000 m=10000;; 4) s=1000 m=4000;; 6) s=1000 m=2000;; 8) s=1000 m=1500;; esac
    measure "h=$h,$per_router" testbench/configs/default.yaml $s $m --set topology.h=$h --set traffic.load=$load
  done
done
for load in 0.1 0.3; do
  for k in 8 16 32; do
    case $k in 8) s=2000 m=20000;; 16) s=2000 m=8000;; 32) s=1000 m=3000;; esac
    measure "mesh ${k}x$k,$load" testbench/configs/mesh8x8_un_dor.yaml $s $m --set "topology.dims=[$k,$k]" --set traffic.load=$load
  done
done
rm -rf $out
