#!/usr/bin/env bash
# Formal proof that the UGAL family's two-stage routing unit (STAGES = 2, the synthesis flow's) takes the
# one-stage unit's decision one clock later: Yosys unrolls tests/rtl/fixtures/ugal_stages_miter.v over three
# cycles from any state and proves, by SAT, that in the third the two agree for every input of the first
# two (each decision depends on the inputs of its own cycle and, through the registered draws, the LFSR of
# the cycle before, so this covers every cycle of every run). With LATE = 0 (the same cycle's one-stage
# decision) the proof must fail, so the check can.
# Usage: equiv_ugal_stages.sh RTL_DIR GENERATED_DIR P A H LATE EXPECT   (EXPECT: equal|differ)
set -uo pipefail
rtl=$1 gen=$2 p=$3 a=$4 h=$5 late=$6 expect=$7
here=$(cd "$(dirname "$0")" && pwd)
. "$here/equiv_verdict.sh"
command -v yosys >/dev/null || { echo "yosys not found (scripts/setup.sh installs it)"; exit 2; }
log=$(yosys -p "
verilog_defaults -add -sv -I$rtl -I$gen
read_verilog -defer $rtl/hiradix_routing_unit.v $here/fixtures/ugal_stages_miter.v
hierarchy -check -top ugal_stages_miter -chparam P $p -chparam A $a -chparam H $h -chparam LATE $late \
          -libdir $rtl/topology -libdir $rtl/routing
proc; flatten; opt -fast
sat -seq 3 -prove-skip 2 -prove same 1 -verify ugal_stages_miter" 2>&1)
rc=$?
what="p=$p a=$a h=$h LATE=$late"
equiv_verdict $rc "$log" "$expect" "$what" "p=$p a=$a h=$h: two stages = one stage a clock later (proved)" \
  "$what: the same-cycle decisions differ, as expected"
