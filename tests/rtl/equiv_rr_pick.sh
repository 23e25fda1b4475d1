#!/usr/bin/env bash
# Formal equivalence of the two round-robin pick implementations (rtl/hiradix_rr_pick.v, rtl/hiradix_rr_pick_rotate.v)
# with Yosys: a miter of both, flattened, and a SAT proof that every output agrees for every input (the
# blocks are combinational, so this is a complete proof for the given N, pointers >= N included).
# Usage: equiv_rr_pick.sh RTL_DIR N BUG EXPECT   (BUG=1: the deliberately wrong variant; EXPECT: equal|differ)
set -uo pipefail
. "$(dirname "$0")/equiv_verdict.sh"
rtl=$1 n=$2 bug=$3 expect=$4
command -v yosys >/dev/null || { echo "yosys not found (scripts/setup.sh installs it)"; exit 2; }
log=$(yosys -p "
read_verilog -sv $rtl/hiradix_rr_pick.v
read_verilog -sv $rtl/hiradix_rr_pick_rotate.v
chparam -set N $n hiradix_rr_pick
chparam -set N $n -set BUG $bug hiradix_rr_pick_rotate
proc; opt_clean
miter -equiv -flatten -make_assert hiradix_rr_pick hiradix_rr_pick_rotate miter
hierarchy -top miter
sat -verify -prove-asserts -show-inputs miter" 2>&1)
rc=$?
equiv_verdict $rc "$log" "$expect" "N=$n BUG=$bug" "N=$n: equivalent (proved)" \
  "N=$n BUG=$bug: reported not equivalent, as expected"
