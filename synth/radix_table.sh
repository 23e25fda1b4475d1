#!/usr/bin/env bash
# Regenerates the area/delay-versus-radix table of docs/synthesis.md: runs `hiradix synth` for balanced
# Dragonflies h = 2, 4, 6, 8 (p = h, a = 2h) and prints a Markdown table from the synth.json files.
# Usage: synth/radix_table.sh [BUILD_DIR] [OUT_DIR] [extra hiradix synth args, e.g. --set routing.algorithm=valiant]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; out=${2:-out/radix_table}; shift $(( $# < 2 ? $# : 2 ))
for h in 2 4 6 8; do
  "$build/hiradix" synth --set topology.h=$h "$@" --out "$out/h$h" -q
done
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
rows = [json.load(open(f"{out}/h{h}/synth.json")) for h in (2, 4, 6, 8)]
r0 = rows[0]
print(f"clock {r0['clock_ns']} ns, routing {r0['params']['routing']['algorithm']}"
      f" ({r0['params']['routing']['phase_a']}, {r0['params']['routing']['vc_scheme']} VCs), "
      f"VCs injection/local/global {r0['params']['vcs']['injection']}/{r0['params']['vcs']['local']}/{r0['params']['vcs']['global']}\n")
print("| h | radix | block | area (µm²) | cells | delay (ns) | depth | cycles |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    p = r["params"]
    for name, b in r["blocks"].items():
        t = "" if b["timing"] == "opensta" else " (ABC)"
        print(f"| {p['h']} | {p['radix']} | {name} | {b['area_um2']:.0f} | {b['cells']} | {b['delay_ns']:.3f}{t} | {b['depth']} | {b['cycles']} |")
PY
