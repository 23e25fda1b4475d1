#!/usr/bin/env bash
# The routing unit of every routing off the Dragonfly beside the switch allocator of the same router, per
# topology and size (issue 27: a routing unit at a real router's clock on every topology). Runs `hiradix
# synth --blocks routing_unit,allocator` (synth.rc_stages: auto, so a unit slower than the allocator is built
# in more retimed stages, up to 6) and, for the routings driven by the forwarding table, its
# `forwarding_table` block (once per shape and table: min reads one row, valiant and rvlb two, ugal two rows
# that also hold the routers' coordinates),
# then prints a Markdown table from the synth.json files.
# Usage: synth/topology_table.sh [BUILD_DIR] [OUT_DIR] [SHAPE ...]
#   SHAPE: NAME:ROUTING,ROUTING...:KEY=VALUE;KEY=VALUE... (default: the shapes below)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; out=${2:-out/topology_table}; shift $(( $# < 2 ? $# : 2 ))
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(
  "mesh8x8:dor,osha,min,valiant,ugal,rvlb:topology.type=mesh;topology.dims=[8,8]"
  "torus8x8:dor,osha,min,valiant,ugal,rvlb:topology.type=torus;topology.dims=[8,8]"
  "fb4x4p4:dor,min,valiant,ugal,rvlb:topology.type=flattened_butterfly;topology.dims=[4,4];topology.p=4"
  "kns8x8:hybrid_dor,min,valiant,ugal:topology.type=kns;topology.dims=[8,8]"
  "fc8p2:min,valiant,ugal:topology.type=fully_connected;topology.routers=8;topology.p=2"
)
table_of() {  # the routing whose forwarding table (its read count) a routing's unit reads, if any
  case $1 in min) echo min ;; valiant|rvlb) echo valiant ;; ugal) echo ugal ;; esac
}
for shape in "${shapes[@]}"; do
  name=${shape%%:*}; rest=${shape#*:}; routings=${rest%%:*}; keys=${rest#*:}
  sets=(); IFS=";" read -ra kv <<< "$keys"; for k in "${kv[@]}"; do sets+=(--set "$k"); done
  IFS=, read -ra rs <<< "$routings"
  for r in "${rs[@]}"; do
    [ -f "$out/$name/$r/synth.json" ] || \
      "$build/hiradix" synth "${sets[@]}" --set routing.algorithm="$r" --blocks routing_unit,allocator --out "$out/$name/$r" -q
    table=$(table_of "$r")
    [ -n "$table" ] || continue
    [ -f "$out/$name/table-$table/synth.json" ] || \
      "$build/hiradix" synth "${sets[@]}" --set routing.algorithm="$table" --blocks forwarding_table --out "$out/$name/table-$table" -q
    ln -sfn "../table-$table" "$out/$name/$r/table"  # the table this unit reads, for the summary below
  done
done
python3 - "$out" "${shapes[@]}" <<'PY'
import json, os, sys
out, shapes = sys.argv[1], sys.argv[2:]
print("| network | routing | stages | unit delay (ns) | allocator (ns) | unit / allocator | unit area (µm²) | flip-flops | table area (µm²) |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for shape in shapes:
    name, routings, _ = shape.split(":", 2)
    for r in routings.split(","):
        j = json.load(open(f"{out}/{name}/{r}/synth.json"))
        u, a = j["blocks"]["routing_unit"], j["blocks"]["allocator"]
        table = f"{out}/{name}/{r}/table/synth.json"
        t = json.load(open(table))["blocks"]["forwarding_table"] if os.path.exists(table) else None
        print(f"| {name} | {r} | {u.get('stages', 1)} | {u['delay_ns']:.3f} | {a['delay_ns']:.3f} | "
              f"{u['delay_ns'] / a['delay_ns']:.2f} | {u['area_um2']:.0f} | {u.get('flip_flops', 0)} | "
              f"{t['area_um2']:.0f} |" if t else
              f"| {name} | {r} | {u.get('stages', 1)} | {u['delay_ns']:.3f} | {a['delay_ns']:.3f} | "
              f"{u['delay_ns'] / a['delay_ns']:.2f} | {u['area_um2']:.0f} | {u.get('flip_flops', 0)} | - |")
PY
