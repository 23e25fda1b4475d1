#!/usr/bin/env bash
# Speed and memory benchmark on the reference configs (issue: "Speed and memory"). Not a test: it prints
# router-cycles per second and peak memory per config; record the figures in docs/benchmark.md.
# Usage: [BENCH_SECTION=dragonfly|topo|rtl] tests/bench/benchmark.sh [BUILD_DIR] [MEASURE_CYCLES]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build}/hiradix
measure=${2:-10000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf "%-40s %10s %10s %12s %14s %10s\n" config routers accepted wall_s router_cyc/s peak_MiB
run() {  # name, overrides... (on the Dragonfly's default config)
  local name=$1; shift
  run_config "$name" testbench/configs/default.yaml "$@"
}
run_config() {  # name, config, overrides...
  local name=$1 config=$2; shift 2
  "$bin" run "$config" -q --out "$out/$name" --set sim.warmup=2000 --set sim.measure="$measure" "$@"
  python3 - "$out/$name/result.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); s = r["simulation"]
print(f"{sys.argv[2]:<40} {s['routers']:>10} {r['accepted_load']:>10.4f} {s['wall_seconds']:>12.2f} {s['router_cycles_per_second']:>14.0f} {s['peak_memory_mib']:>10.0f}")
PY
}
if [ "${BENCH_SECTION:-all}" = all ] || [ "${BENCH_SECTION:-all}" = dragonfly ]; then
run "h4 UN 0.1 (MIN)"        --set topology.h=4 --set traffic.load=0.1
run "h4 UN 0.5 (MIN)"        --set topology.h=4 --set traffic.load=0.5
run "h4 UN 1.0 saturated (MIN)" --set topology.h=4 --set traffic.load=1.0
run "h4 UN 0.1 (Valiant)"    --set topology.h=4 --set traffic.load=0.1 --set routing.algorithm=valiant
run "h4 UN 0.5 (MIN, wormhole 1-phit flits)" --set topology.h=4 --set traffic.load=0.5 --set router.switching=wormhole
run "h6 UN 0.3 (MIN)"        --set topology.h=6 --set traffic.load=0.3
run "h6 UN 1.0 saturated (MIN)" --set topology.h=6 --set traffic.load=1.0
run "h2 UN 0.1 (MIN)"        --set topology.h=2 --set traffic.load=0.1
run "h3 UN 0.1 (MIN)"        --set topology.h=3 --set traffic.load=0.1
fi
# Meshes, tori and the Flattened Butterfly (issue "Meshes, tori, ..."): the sizes other simulators quote
# (Noxim and BookSim on an 8 x 8 mesh), light load and saturated. BENCH_SECTION=topo runs only this part.
if [ "${BENCH_SECTION:-all}" = all ] || [ "${BENCH_SECTION:-all}" = topo ]; then
mesh=testbench/configs/mesh8x8_un_dor.yaml
run_config "mesh 8x8 UN 0.1 (DOR)"          $mesh --set traffic.load=0.1
run_config "mesh 8x8 UN 1.0 saturated (DOR)" $mesh --set traffic.load=1.0
run_config "torus 16x16 UN 0.1 (DOR)"       $mesh --set topology.type=torus --set topology.dims=[16,16] --set traffic.load=0.1
run_config "torus 16x16 UN 1.0 saturated (DOR)" $mesh --set topology.type=torus --set topology.dims=[16,16] --set traffic.load=1.0
fb="$mesh --set topology.type=flattened_butterfly --set topology.p=8"
run_config "FB 8x8 p=8 UN 0.1 (MIN)"        $fb --set routing.algorithm=min --set traffic.load=0.1
run_config "FB 8x8 p=8 UN 1.0 saturated (MIN)" $fb --set routing.algorithm=min --set traffic.load=1.0
fi
[ "${BENCH_SECTION:-all}" = topo ] || [ "${BENCH_SECTION:-all}" = dragonfly ] && exit 0
# RTL co-simulation cost: the same network with routing decided by the C++ model, the Verilated routing unit,
# or both in lockstep (the issue's bound: lockstep at most 3x a model run).
# BENCH_SECTION=rtl runs only this part.
for mode in model rtl lockstep; do
  run "h4 UN 0.3 (Valiant) rc_mode=$mode"   --set topology.h=4 --set traffic.load=0.3 --set routing.algorithm=valiant --set router.rc_mode=$mode
  run "h4 UN 1.0 saturated (MIN) rc_mode=$mode" --set topology.h=4 --set traffic.load=1.0 --set router.rc_mode=$mode
done
