#!/usr/bin/env bash
# Instructions per router-cycle in steady state, counted with callgrind (exact and repeatable, unlike wall
# time on a shared machine): the difference between a 1,500- and a 500-cycle measurement after 1,500
# warm-up cycles, divided by routers x 1,000 cycles; and per router crossing, divided instead by the packets
# that crossed a router in those 1,000 cycles (result.json's activity: crossbar traversals / packet size,
# a packet counted at each router it crosses, the last one's ejection included). Not a test; record the
# figures in docs/benchmark.md.
# Usage: [H=4] [ONLY="MIN UN 0.45"] tests/bench/instructions.sh [HIRADIX_BINARY]   (default build/hiradix)
# H: the Dragonfly's h (4: docs/benchmark.md's table; 2 .. 8 for the cost's growth with size); ONLY: one
# reference config by name.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/hiradix}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
instructions() {  # measure cycles, overrides... -> total instructions of the simulation child
  local measure=$1; shift
  rm -f "$out"/cg.*
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out/cg.%p" \
    "$bin" run testbench/configs/default.yaml -q --out "$out/run" --set topology.h="${H:-4}" \
    --set sim.warmup=1500 --set sim.measure="$measure" "$@" >/dev/null 2>&1
  # The simulation runs in a forked child: the largest count is its.
  grep -h "^totals:" "$out"/cg.* | awk '{print $2}' | sort -n | tail -1
}
crossings() {  # router crossings of the last run's measurement window
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["activity"]["crossbar_traversals"] / r["config"]["packet"]["size"])' "$out/run/result.json"
}
routers() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["simulation"]["routers"])' "$out/run/result.json"; }
printf "%-34s %14s %18s\n" config "instr/router-cycle" "instr/router-crossing"
measure() {  # name, overrides...
  local name=$1; shift
  [ -z "${ONLY:-}" ] || [ "$ONLY" = "$name" ] || return 0
  local long short long_x short_x
  long=$(instructions 1500 "$@")
  long_x=$(crossings)
  short=$(instructions 500 "$@")
  short_x=$(crossings)
  printf "%-34s %14.0f %18.0f\n" "$name" "$(echo "($long - $short) / ($(routers) * 1000)" | bc -l)" \
    "$(echo "($long - $short) / ($long_x - $short_x)" | bc -l)"
}
source tests/bench/reference_configs.sh
reference_configs measure
