#!/usr/bin/env bash
# Soak test (issue 13; not a CI test): every routing at saturation (UN, offered load 1.0) on h = 4 for
# 10^6 cycles, and the same for 10^5 cycles. Checks per routing: status ok, conservation ok, and memory
# bounded: the peak memory of the long run at most 10% (+16 MiB) above the short run's (nothing grows with
# simulated time). Prints a table (the numbers in docs/soak.md come from it) and exits 1 if a check fails.
#   scripts/soak.sh [OUT_DIR] [CYCLES] [ROUTINGS]   (default out/soak, 1000000, every routing below)
# The whole set takes about 1.5 hours on 2 idle cores; ROUTINGS (comma-separated) runs a part of it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/soak}
cycles=${2:-1000000}
short=$((cycles / 10))
bin=build/hiradix
[ -x "$bin" ] || scripts/setup.sh build
routings=${3:-min,valiant,ugal,base,ectn,pb,olm,hybrid,rvlb,rpb,acor,pb_acor,tpr,lian}
common=(--set topology.h=4 --set traffic.pattern=un --set traffic.load=1.0 --set sim.warmup=0 -q)
start=$(date +%s)
# The short runs first, so that an interrupted soak can still check every long run that finished.
# --resume: a soak cut short (a session's end) goes on from the points that finished.
"$bin" sweep testbench/configs/default.yaml --vary routing.algorithm=$routings "${common[@]}" \
    --set sim.measure="$short" --out "$out/short" --resume || true
"$bin" sweep testbench/configs/default.yaml --vary routing.algorithm=$routings "${common[@]}" \
    --set sim.measure="$cycles" --out "$out/long" --resume || true
python3 - "$out" "$cycles" "$short" "$(( $(date +%s) - start ))" <<'PY'
import json, sys, glob, os
out, cycles, short, wall = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def points(d):
    plan = json.load(open(os.path.join(d, "sweep.json")))
    res = []
    for i, p in enumerate(plan["points"]):
        f = os.path.join(d, "points", "%04d.json" % i)
        res.append((p["values"][0], json.load(open(f)) if os.path.exists(f) else None))
    return res
longs, shorts = points(os.path.join(out, "long")), points(os.path.join(out, "short"))
ok = True
print("| routing | status | conservation | accepted load | avg latency | in flight at end | peak MiB, %d cycles | peak MiB, %d cycles | wall s |" % (short, cycles))
print("|---|---|---|---|---|---|---|---|---|")
for (name, l), (_, s) in zip(longs, shorts):
    if l is None or s is None:
        print("| %s | no result | | | | | | | |" % name); ok = False; continue
    ml, ms = l["simulation"]["peak_memory_mib"], s["simulation"]["peak_memory_mib"]
    good = l["status"] == "ok" and l["conservation"]["ok"] and l["simulation"]["cycles"] == cycles and ml <= 1.1 * ms + 16
    ok = ok and good
    print("| %s | %s | %s | %.3f | %.0f | %d | %.0f | %.0f | %.0f |%s" % (name, l["status"], "ok" if l["conservation"]["ok"] else "VIOLATED",
          l["accepted_load"], l["latency"]["total"]["average"], l["conservation"]["in_flight"], ms, ml,
          l["simulation"]["wall_seconds"], "" if good else " FAIL"))
print("\nsoak: %s in %d s" % ("all checks passed" if ok else "FAILED", wall))
sys.exit(0 if ok else 1)
PY
