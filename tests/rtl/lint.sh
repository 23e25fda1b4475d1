#!/usr/bin/env bash
# Lint of all RTL (routing unit, LFSR, router logic): `verilator --lint-only -Wall` must report nothing, for edge and typical
# parameter values, and Yosys must read and elaborate every block (`read_verilog -sv`, `hierarchy`, `proc`).
# Usage: lint.sh RTL_DIR
set -uo pipefail
rtl=$1 fail=0
lint() {  # top, params..., -- files...
  local top=$1; shift
  local args=() files=()
  while [ "$1" != -- ]; do args+=("$1"); shift; done; shift
  for f in "$@"; do files+=("$rtl/$f"); done
  if ! out=$(verilator --lint-only -Wall -I"$rtl" "${args[@]}" --top-module "$top" "${files[@]}" 2>&1) || [ -n "$out" ]; then
    echo "verilator $top ${args[*]}:"; echo "$out"; fail=1
  fi
  local chp=""
  for a in "${args[@]}"; do chp+=" -set ${a#-G}"; done
  chp=${chp//=/ }
  if ! out=$(yosys -q -p "read_verilog -sv -I$rtl ${files[*]}; chparam$chp $top; hierarchy -check -top $top; proc" 2>&1) || [ -n "$out" ]; then
    echo "yosys $top ${args[*]}:"; echo "$out"; fail=1
  fi
}
for n in 1 2 3 5 8 64; do
  lint hiradix_rr_pick -GN=$n -- hiradix_rr_pick.v
  lint hiradix_rr_pick_rotate -GN=$n -- hiradix_rr_pick_rotate.v
  lint hiradix_rr_pick_rotate -GN=$n -GBUG=1 -- hiradix_rr_pick_rotate.v
  lint hiradix_rr_arbiter -GN=$n -- hiradix_rr_arbiter.v hiradix_rr_pick.v
done
for pv in "1 1" "2 1" "7 4" "31 2" "64 8"; do
  set -- $pv
  lint hiradix_separable_allocator -GP=$1 -GV=$2 -- hiradix_separable_allocator.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_separable_allocator -GP=$1 -GV=$2 -GOWN_GRANT=1 -- hiradix_separable_allocator.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_contention_counters -GP=$1 -GMAXC=$(( $1 * $2 )) -- hiradix_contention_counters.v
done
# Contention-mechanism state (Base, ECtN, PB): the smallest network, h = 2, and seed-003 Table I.
lint hiradix_base_state -GPI=1 -GPL=1 -GPG=1 -GVI=1 -GVL=1 -GVG=1 -- hiradix_base_state.v hiradix_contention_counters.v
lint hiradix_base_state -- hiradix_base_state.v hiradix_contention_counters.v
lint hiradix_base_state -GPI=8 -GPL=15 -GPG=8 -GVI=3 -GVL=3 -GVG=2 -- hiradix_base_state.v hiradix_contention_counters.v
lint hiradix_ectn_state -GPI=1 -GPG=1 -GA=2 -GVI=1 -GVG=1 -- hiradix_ectn_state.v
lint hiradix_ectn_state -GX=3 -- hiradix_ectn_state.v
lint hiradix_ectn_state -GPI=8 -GPG=8 -GA=16 -GVI=3 -GVG=2 -GX=15 -- hiradix_ectn_state.v
lint hiradix_pb_state -GH=1 -GA=2 -- hiradix_pb_state.v
lint hiradix_pb_state -- hiradix_pb_state.v
lint hiradix_pb_state -GH=8 -GA=16 -- hiradix_pb_state.v
lint hiradix_routing_unit -- hiradix_routing_unit.v
lint hiradix_lfsr -- hiradix_lfsr.v
[ $fail -eq 0 ] && echo "lint clean"
exit $fail
