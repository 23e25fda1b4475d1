#!/usr/bin/env bash
# Formal proof that retiming kept a routing unit's decisions: hiradix synth builds the unit in STAGES stages
# (synth.rc_stages: register ranks after the unit that ABC moves into its logic, then buffer trees on the
# registers' outputs) and keeps the design as it was before retiming (pre_retime.v: the wrapper and the RTL
# unit with its ranks, after Yosys's `synth`, two-valued). Yosys compares it with the gate-level netlist
# (netlist.v, its cells' functions read from the liberty): both unrolled from any state over STAGES + 2
# cycles, SAT proves that in the last one their outputs agree for every input of every cycle (by then every
# register of both holds values of those inputs: the draws, the RTL's own cut and the ranks are all
# feed-forward). With EXPECT = differ the reference is the design of STAGES + 1 stages, a clock later: the
# proof must fail, so the check can. (The unit before retiming is the RTL as Yosys synthesizes it for every
# other block; comparing with the RTL itself would have to model its undefined out-of-range reads.)
# Usage: equiv_retimed_unit.sh HIRADIX RTL_DIR LIBERTY ROUTING STAGES EXPECT   (EXPECT: equal|differ)
set -uo pipefail
. "$(dirname "$0")/equiv_verdict.sh"
hiradix=$1 lib=$3 routing=$4 stages=$5 expect=$6
command -v yosys >/dev/null || { echo "yosys not found (scripts/setup.sh installs it)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
synth() {  # stages out_dir
  "$hiradix" synth --set topology.h=2 --set routing.algorithm="$routing" --set synth.rc_stages="$1" \
    --blocks routing_unit --out "$2" -q >"$2.log" 2>&1 || { cat "$2.log"; echo "hiradix synth failed"; exit 1; }
}
synth "$stages" "$work/gate"
unit=$work/gate/routing_unit
reference=$unit
if [ "$expect" = differ ]; then
  synth $((stages + 1)) "$work/late"
  reference=$work/late/routing_unit
fi
cycles=$((stages + 2))
log=$(cd "$unit" && yosys -p "
read_verilog $reference/pre_retime.v
proc
rename synth_top gold
read_liberty $lib
read_verilog netlist.v
rename synth_top gate
flatten gate
miter -equiv -flatten -make_outputs gold gate miter
hierarchy -top miter
opt -fast
sat -verify -prove trigger 0 -seq $cycles -prove-skip $((cycles - 1)) miter" 2>&1)
rc=$?
[ -n "${EQUIV_LOG:-}" ] && echo "$log" > "$EQUIV_LOG"
what="$routing at h = 2 in $stages stages"
equiv_verdict $rc "$log" "$expect" "$what" "$what: the retimed netlist decides as the unit (proved)" \
  "$what against $((stages + 1)) stages: the decisions differ, as expected"
