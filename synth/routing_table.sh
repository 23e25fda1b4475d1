#!/usr/bin/env bash
# The routing unit of every Dragonfly routing beside the switch allocator of the same router (issue 27's
# goal: no routing unit slower than the allocator): runs `hiradix synth` for a balanced Dragonfly of the
# given h (p = h, a = 2h) per routing and prints a Markdown table from the synth.json files.
# Usage: synth/routing_table.sh [BUILD_DIR] [OUT_DIR] [H] [ROUTING ...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; out=${2:-out/routing_table}; h=${3:-8}; shift $(( $# < 3 ? $# : 3 ))
routings=("$@")
[ ${#routings[@]} -gt 0 ] || routings=(min valiant ugal pb rvlb rpb acor pb_acor tpr lian base ectn olm hybrid)
"$build/hiradix" synth --set topology.h="$h" --blocks allocator --out "$out/h$h/allocator" -q
for r in "${routings[@]}"; do
  "$build/hiradix" synth --set topology.h="$h" --set routing.algorithm="$r" --blocks routing_unit \
    --out "$out/h$h/$r" -q
done
python3 - "$out/h$h" "${routings[@]}" <<'PY'
import json, sys
out, routings = sys.argv[1], sys.argv[2:]
alloc = json.load(open(f"{out}/allocator/synth.json"))
a = alloc["blocks"]["allocator"]
p = alloc["params"]
print(f"h = {p['h']}, radix {p['radix']}, clock {alloc['clock_ns']} ns; allocator {a['area_um2']:.0f} µm², "
      f"{a['delay_ns']:.3f} ns\n")
print("| routing | area (µm²) | cells | delay (ns) | depth | delay / allocator's |")
print("|---|---:|---:|---:|---:|---:|")
for r in routings:
    b = json.load(open(f"{out}/{r}/synth.json"))["blocks"]["routing_unit"]
    print(f"| {r} | {b['area_um2']:.0f} | {b['cells']} | {b['delay_ns']:.3f} | {b['depth']} | "
          f"{b['delay_ns'] / a['delay_ns']:.2f} |")
PY
