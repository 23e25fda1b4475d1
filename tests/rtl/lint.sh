#!/usr/bin/env bash
# Lint of all RTL (routing unit, LFSR, router logic): `verilator --lint-only -Wall` must report nothing, for edge and typical
# parameter values, and Yosys must read and elaborate every block (`read_verilog -sv`, `hierarchy`, `proc`).
# The routing unit's submodules are found by file name in rtl/topology and rtl/routing (Verilator -y, Yosys -libdir).
# Usage: lint.sh RTL_DIR GENERATED_DIR (the build's generated/: the routing unit's buses, hiradix_bus*.vh)
set -uo pipefail
rtl=$1 gen=$2 fail=0
vlibs=(-y "$rtl/topology" -y "$rtl/routing") ylibs="-libdir $rtl/topology -libdir $rtl/routing"
lint() {  # top, params..., -- files...
  local top=$1; shift
  local args=() files=()
  while [ "$1" != -- ]; do args+=("$1"); shift; done; shift
  for f in "$@"; do files+=("$rtl/$f"); done
  if ! out=$(verilator --lint-only -Wall -I"$rtl" -I"$gen" "${vlibs[@]}" "${args[@]}" --top-module "$top" "${files[@]}" 2>&1) ||
     [ -n "$out" ]; then
    echo "verilator $top ${args[*]}:"; echo "$out"; fail=1
  fi
  local chp=""
  for a in "${args[@]}"; do chp+=" -set ${a#-G}"; done
  chp=${chp//=/ }
  if ! out=$(yosys -q -p "verilog_defaults -add -sv -I$rtl -I$gen; read_verilog ${files[*]}; chparam$chp $top;
                         hierarchy -check -top $top $ylibs; proc" 2>&1) || [ -n "$out" ]; then
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
  lint hiradix_separable_allocator -GP=$1 -GV=$2 -- hiradix_separable_allocator.v hiradix_output_arbiter.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_separable_allocator -GP=$1 -GV=$2 -GOWN_GRANT=1 -- hiradix_separable_allocator.v hiradix_output_arbiter.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_separable_allocator -GP=$1 -GV=$2 "-GTRANSIT=64'd$(( ($1 > 1) ? 2 : 1 ))" -- hiradix_separable_allocator.v hiradix_output_arbiter.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_contention_counters -GP=$1 -GMAXC=$(( $1 * $2 )) -- hiradix_contention_counters.v
done
for pv in "1 1" "2 1" "7 4" "31 2" "16 4"; do
  set -- $pv
  lint hiradix_voq_allocator -GP=$1 -GV=$2 -- hiradix_voq_allocator.v hiradix_output_arbiter.v hiradix_rr_arbiter.v hiradix_rr_pick.v
  lint hiradix_voq_allocator -GP=$1 -GV=$2 "-GTRANSIT=64'd$(( ($1 > 1) ? 2 : 1 ))" -- hiradix_voq_allocator.v hiradix_output_arbiter.v hiradix_rr_arbiter.v hiradix_rr_pick.v
done
for b in 1 3 31; do lint hiradix_band_select -GBOUNDS=$b -- hiradix_band_select.v; done
# SASHA's VN select at the source NIC: its fewest and most VNs, one not a power of two, and 1- to 32-bit loads.
for n in 2 3 8; do for w in 1 16 32; do lint hiradix_vn_select -GVNS=$n -GLOAD_W=$w -- hiradix_vn_select.v; done; done
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
# ACOR-Switch's level (its thresholds and interval are inputs): Table 5-3's HI 500, a 1-cycle interval at
# most, seed-003 Table I's 8 terminals x 3 injection VCs, and E x HI_MAX near the 2^31 the block allows.
lint hiradix_acor_level -- hiradix_acor_level.v
lint hiradix_acor_level -GHI_MAX=1 -GE=1 -- hiradix_acor_level.v
lint hiradix_acor_level -GE=24 -- hiradix_acor_level.v
lint hiradix_acor_level -GE=4 -GHI_MAX=500000000 -- hiradix_acor_level.v
# TPR's window and LIAN's counters (window, w and GCSth are inputs): one group and a one-cycle window,
# Table 6-1 at h = 2 and 4 (w of at most 0 and of the key's 10,000 %), h = 8.
lint hiradix_tpr_window -GG=1 -GW_MAX=1 -GE=1 -- hiradix_tpr_window.v
lint hiradix_tpr_window -- hiradix_tpr_window.v
lint hiradix_tpr_window -GG=33 -GE=8 -- hiradix_tpr_window.v
lint hiradix_lian_state -GH=1 -GW_MAX=1 -GE=1 -GP=1 -- hiradix_lian_state.v hiradix_tpr_window.v
lint hiradix_lian_state -- hiradix_lian_state.v hiradix_tpr_window.v
lint hiradix_lian_state -GWP_MAX=0 -- hiradix_lian_state.v hiradix_tpr_window.v
lint hiradix_lian_state -GH=4 -GE=8 -GP=4 -GWP_MAX=10000 -- hiradix_lian_state.v hiradix_tpr_window.v
lint hiradix_lian_state -GH=8 -GE=16 -GP=8 -- hiradix_lian_state.v hiradix_tpr_window.v
for c in 0 1; do
  lint hiradix_qcn_switch_table -GCOMPARE=$c -- hiradix_qcn_switch_table.v
  lint hiradix_qcn_switch_table -GCOMPARE=$c -GPORTS=1 -GCW=1 -- hiradix_qcn_switch_table.v
  lint hiradix_qcn_switch_table -GCOMPARE=$c -GPORTS=5 -GCW=7 -- hiradix_qcn_switch_table.v
done
lint hiradix_routing_unit -- hiradix_routing_unit.v
lint hiradix_routing_unit -GDRAWS_REGISTERED=1 -- hiradix_routing_unit.v  # as the synthesis flow builds it
lint hiradix_routing_unit -GDRAWS_REGISTERED=1 -GSTAGES=2 -- hiradix_routing_unit.v  # ... in two stages
# Every routing submodule alone (the fixed ports, routing/hiradix_routing_ports.vh, are all it needs), and
# the unit as the synthesis flow builds it for each routing code (ROUTINGS one-hot, only the files it
# instantiates read): Yosys only, as Verilator rightly reports the inputs such a unit leaves unused.
for f in "$rtl"/routing/hiradix_route_*.v; do
  lint "$(basename "$f" .v)" -- "routing/$(basename "$f")"
done
# The codes the routings were given (the generated hiradix_routing_codes.vh), not every value of ALG_W bits:
# a code no routing has elaborates no submodule.
codes=$(sed -n 's/^localparam integer ALG_[A-Z0-9_]* *= *\([0-9]*\);.*/\1/p' "$gen/hiradix_routing_codes.vh" | sort -nu)
[ -n "$codes" ] || { echo "no routing codes in $gen/hiradix_routing_codes.vh"; fail=1; }
for code in $codes; do
  if ! out=$(yosys -q -p "verilog_defaults -add -sv -I$rtl -I$gen; read_verilog -defer $rtl/hiradix_routing_unit.v;
                         hierarchy -check -top hiradix_routing_unit -chparam ROUTINGS $((1 << code)) -chparam DRAWS_REGISTERED 1 -chparam STAGES 2 $ylibs;
                         proc" 2>&1) || [ -n "$out" ]; then
    echo "yosys hiradix_routing_unit ROUTINGS=$((1 << code)):"; echo "$out"; fail=1
  fi
done
lint hiradix_lfsr -- hiradix_lfsr.v
# Datapath: crossbar (square, one output as a buffer's read mux, one input) and a buffer row.
for p in "1 1 1" "7 7 80" "32 1 80" "1 4 8"; do
  set -- $p
  lint hiradix_crossbar -GNI=$1 -GNO=$2 -GW=$3 -- hiradix_crossbar.v
done
lint hiradix_buffer_row -GW=1 -- hiradix_buffer_row.v
# One router's forwarding table: one row of one port, an 8 x 8 mesh's (one read: min; two: valiant), a 16 x 16
# torus's (256 rows), an 8 x 8 FB's at p = 8 (22 ports), the RTL's largest radix, and the group tables of
# an h = 6 and an h = 8 Dragonfly (73 and 129 groups of {owner, k}; three reads: Valiant's routings).
for rpr in "1 1 1" "64 5 1" "64 5 2" "256 5 2" "64 22 1" "4096 64 1" "73 7 3" "129 7 3"; do
  set -- $rpr
  lint hiradix_forwarding_table -GR=$1 -GP=$2 -GREADS=$3 -- hiradix_forwarding_table.v
done
lint hiradix_buffer_row -GW=80 -- hiradix_buffer_row.v
[ $fail -eq 0 ] && echo "lint clean"
exit $fail
