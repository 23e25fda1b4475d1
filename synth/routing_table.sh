#!/usr/bin/env bash
# The routing unit of every Dragonfly routing beside the switch allocator of the same router (issue 27's
# goal: no routing unit slower than the allocator): runs `hiradix synth` for a balanced Dragonfly of the
# given h (p = h, a = 2h) per routing, in one stage and then in one more stage at a time (synth.rc_stages,
# retimed) until the unit is no slower than the allocator or reaches 6 stages, as `synth.rc_stages: auto`
# does, and prints a Markdown table from the synth.json files.
# Usage: synth/routing_table.sh [BUILD_DIR] [OUT_DIR] [H] [ROUTING ...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; out=${2:-out/routing_table}; h=${3:-8}; shift $(( $# < 3 ? $# : 3 ))
routings=("$@")
[ ${#routings[@]} -gt 0 ] || routings=(min valiant ugal pb rvlb rpb acor pb_acor tpr lian base ectn olm hybrid)
delay() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['blocks'][sys.argv[2]]['delay_ns'])" "$@"; }
"$build/hiradix" synth --set topology.h="$h" --blocks allocator --out "$out/h$h/allocator" -q
allocator=$(delay "$out/h$h/allocator/synth.json" allocator)
for r in "${routings[@]}"; do
  for stages in 1 2 3 4 5 6; do
    "$build/hiradix" synth --set topology.h="$h" --set routing.algorithm="$r" --set synth.rc_stages="$stages" \
      --blocks routing_unit --out "$out/h$h/$r-$stages" -q
    ln -sfn "$r-$stages" "$out/h$h/$r"
    python3 -c "import sys; sys.exit(float(sys.argv[1]) <= float(sys.argv[2]))" \
      "$(delay "$out/h$h/$r/synth.json" routing_unit)" "$allocator" || break
  done
done
python3 - "$out/h$h" "${routings[@]}" <<'PY'
import json, sys
out, routings = sys.argv[1], sys.argv[2:]
alloc = json.load(open(f"{out}/allocator/synth.json"))
a = alloc["blocks"]["allocator"]
p = alloc["params"]
print(f"h = {p['h']}, radix {p['radix']}, clock {alloc['clock_ns']} ns; allocator {a['area_um2']:.0f} µm², "
      f"{a['delay_ns']:.3f} ns\n")
print("| routing | one stage (ns) | stages | area (µm²) | cells | flip-flops | delay (ns) | depth | delay / allocator's |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in routings:
    b = json.load(open(f"{out}/{r}/synth.json"))["blocks"]["routing_unit"]
    one = json.load(open(f"{out}/{r}-1/synth.json"))["blocks"]["routing_unit"]
    print(f"| {r} | {one['delay_ns']:.3f} | {b['stages']} | {b['area_um2']:.0f} | {b['cells']} | {b['flip_flops']} | "
          f"{b['delay_ns']:.3f} | {b['depth']} | {b['delay_ns'] / a['delay_ns']:.2f} |")
PY
