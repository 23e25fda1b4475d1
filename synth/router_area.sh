#!/usr/bin/env bash
# The router's area against radix and VC count (docs/synthesis.md, "The router: area and power"): runs
# `hiradix synth` (every block of the router, MIN) for balanced Dragonflies h = 2, 3, 4 (radix 7, 11, 15)
# with two VC configurations, prints a Markdown table from the synth.json files and draws
# router_area_vs_radix with `hiradix plot --synth`.
# Usage: synth/router_area.sh [BUILD_DIR] [OUT_DIR] [H...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; out=${2:-out/router_area}; shift $(( $# < 2 ? $# : 2 ))
hs=("$@"); [ ${#hs[@]} -eq 0 ] && hs=(2 3 4)
declare -A vcs=([v121]="--set router.vcs.injection=1 --set router.vcs.local=2 --set router.vcs.global=1"
                [v342]="--set router.vcs.injection=3 --set router.vcs.local=4 --set router.vcs.global=2")
files=()
for h in "${hs[@]}"; do
  for v in v121 v342; do
    # shellcheck disable=SC2086
    [ -f "$out/$v/h$h/synth.json" ] || "$build/hiradix" synth --set topology.h="$h" ${vcs[$v]} --out "$out/$v/h$h" -q
    files+=("$out/$v/h$h/synth.json")
  done
done
python3 - "${files[@]}" <<'PY'
import json, sys
print("| h | radix | VCs i/l/g | logic (µm²) | input buffers, FF (µm²) | output queues, FF (µm²) | router, FF (mm²) | router, SRAM est. (mm²) | leakage (mW) |")
print("|---|---|---|---|---|---|---|---|---|")
for f in sys.argv[1:]:
    j = json.load(open(f)); p = j["params"]; r = j["router"]; v = p["vcs"]
    print(f"| {p['h']} | {p['radix']} | {v['injection']}/{v['local']}/{v['global']} | {r['logic_um2']:,.0f} | "
          f"{r['buffers']['input']['flip_flop_um2']:,.0f} | {r['buffers']['output']['flip_flop_um2']:,.0f} | "
          f"{r['area_um2']['flip_flop'] / 1e6:.2f} | {r['area_um2']['sram'] / 1e6:.2f} | {r.get('leakage_mw', float('nan')):.4f} |")
PY
"$build/hiradix" plot --synth "${files[@]}" --out "$out/plots" -q
echo "figures: $out/plots/router_area_vs_radix.{svg,png}"
