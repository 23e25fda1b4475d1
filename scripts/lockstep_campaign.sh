#!/usr/bin/env bash
# Lockstep campaign: every routing (and Valiant's phase-A policies, UGAL-G, PB's broadcast modes, RVLB
# with two policies) under every traffic pattern, with the RTL routing unit deciding beside the C++ model
# (router.rc_mode: lockstep), until at least TARGET routing decisions were compared; ACOR-Switch, PB-ACOR,
# TPR and LIAN also run their state blocks in the RTL, whose readings at every injection decision are
# compared with the C++ state's (router/rtl/rtl_state_block.h). Fails on any mismatch
# or a status other than ok. Prints a table of decisions per run and the total; docs/lockstep_campaign.md
# records a run.
# Usage: scripts/lockstep_campaign.sh [TARGET_DECISIONS (default 1e8)] [BUILD_DIR (default build)] [JOBS] [ONLY]
#   ONLY: an extended regular expression; only the routing lines matching it run (e.g. 'acor|tpr|=lian': 'lian' alone matches valiant).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-100000000}
bin=${2:-build}/hiradix
jobs=${3:-$(nproc)}
only=${4:-}
[ -x "$bin" ] || { echo "lockstep_campaign: no $bin (build first: scripts/setup.sh build)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# routing overrides | pattern overrides | load
routings=(
  "routing.algorithm=min"
  "routing.algorithm=valiant routing.phase_a=lgl"
  "routing.algorithm=valiant routing.phase_a=lg-"
  "routing.algorithm=valiant routing.phase_a=-gl"
  "routing.algorithm=valiant routing.phase_a=-g-"
  "routing.algorithm=ugal"
  "routing.algorithm=ugal routing.ugal_info=group"
  "routing.algorithm=pb"
  "routing.algorithm=pb broadcast.mode=message"
  "routing.algorithm=base"
  "routing.algorithm=ectn"
  "routing.algorithm=olm"
  "routing.algorithm=hybrid"
  "routing.algorithm=rvlb routing.phase_a=lgl"
  "routing.algorithm=rvlb routing.phase_a=-g-"
  "routing.algorithm=rpb"
  "routing.algorithm=acor"
  "routing.algorithm=acor routing.acor_mode=packet routing.acor_sequence=2l-b"
  "routing.algorithm=pb_acor"
  "routing.algorithm=tpr"
  "routing.algorithm=lian"
  "routing.algorithm=lian routing.lian_sgc=0 routing.lian_ilc=5"
)
patterns=(
  "traffic.pattern=un traffic.load=0.4"
  "traffic.pattern=adv traffic.offset=1 traffic.load=0.3"
  "traffic.pattern=adv traffic.offset=4 traffic.load=0.3"
  "traffic.pattern=advl traffic.load=0.3"
  "traffic.pattern=advc traffic.load=0.3"
)
if [ -n "$only" ]; then
  kept=()
  for r in "${routings[@]}"; do [[ $r =~ $only ]] && kept+=("$r"); done
  [ ${#kept[@]} -gt 0 ] || { echo "lockstep_campaign: no routing line matches '$only'" >&2; exit 2; }
  routings=("${kept[@]}")
fi
runs=$(( ${#routings[@]} * ${#patterns[@]} ))
# h = 4 makes about 200 decisions per cycle at these loads; size each run to reach the target together.
cycles=$(( target / runs / 150 + 1000 ))
echo "lockstep campaign: $runs runs of $cycles cycles on h = 4 (target $target decisions), $jobs at a time"
i=0
for r in "${routings[@]}"; do
  for p in "${patterns[@]}"; do
    i=$((i + 1))
    sets=""
    for kv in $r $p; do sets="$sets --set $kv"; done
    echo "$i|$r $p|$bin run testbench/configs/default.yaml -q --out $out/$i --set topology.h=4 --set router.rc_mode=lockstep --set sim.warmup=500 --set sim.measure=$cycles --set sim.seed=$i$sets"
  done
done > "$out/plan"
cut -d'|' -f3 "$out/plan" | xargs -P "$jobs" -I{} sh -c '{} >/dev/null 2>&1 || true'
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
total = bad = total_reads = 0
for line in open(f"{out}/plan"):
    i, what, _ = line.rstrip("\n").split("|", 2)
    try:
        d = json.load(open(f"{out}/{i}/result.json"))
    except (OSError, ValueError):
        print(f"{what:70s} NO RESULT"); bad += 1; continue
    rtl = d.get("rtl", {})
    n, m, status = rtl.get("decisions", 0), rtl.get("mismatches", -1), d.get("status")
    reads = rtl.get("state_block_reads", 0)
    total += n
    total_reads += reads
    flag = "" if m == 0 and status == "ok" else f"  <-- mismatches {m}, status {status}"
    bad += flag != ""
    block = f"{rtl['state_block']} {reads:,d}" if "state_block" in rtl else ""
    print(f"{what:70s} {n:>12,d}  {block}{flag}")
print(f"{'total':70s} {total:>12,d} decisions, {total_reads:,d} state-block readings, {bad} failed runs")
sys.exit(1 if bad else 0)
PY
