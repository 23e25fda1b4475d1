#!/usr/bin/env bash
# The Dragonfly routing unit divides nothing: Yosys elaborates tests/rtl/fixtures/unit_tied.v (one routing,
# the geometry tied to constants as hiradix synth ties it), propagates the constants and counts the division
# and remainder cells ($div, $mod, $divfloor, $modfloor) left. With the palmtree arrangement there must be
# none under either arrangement (the owner of a group's global link comes from the group table, the far end of
# one from the group's straps, the intermediate as group and index). TOP unit_tied_dividing, a fixture that
# divides by h, must find some: the check can fail.
# Usage: unit_divisions.sh RTL_DIR GENERATED_DIR ROUTING P A H PALMTREE EXPECT [TOP]
#   ROUTING: a code name of hiradix_routing_codes.vh without ALG_ (valiant, pb_acor, ...); EXPECT: none|some
#   TOP: unit_tied (default) or unit_tied_dividing
set -uo pipefail
rtl=$1 gen=$2 routing=$3 p=$4 a=$5 h=$6 palmtree=$7 expect=$8 top=${9:-unit_tied}
alg=$(sed -n "s/^localparam integer ALG_${routing^^} = \([0-9]*\);.*/\1/p" "$gen/hiradix_routing_codes.vh")
[ -n "$alg" ] || { echo "no routing code ALG_${routing^^} in $gen/hiradix_routing_codes.vh"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
command -v yosys >/dev/null || { echo "yosys not found (scripts/setup.sh installs it)"; exit 2; }
log=$(yosys -p "
verilog_defaults -add -sv -I$rtl -I$gen
read_verilog -defer $rtl/hiradix_routing_unit.v $here/fixtures/unit_tied.v $here/fixtures/unit_tied_dividing.v
hierarchy -check -top $top -chparam P $p -chparam A $a -chparam H $h -chparam PALMTREE $palmtree -chparam ALG $alg \
          -libdir $rtl/topology -libdir $rtl/routing
proc; flatten; opt -full; wreduce; opt -full; select -count t:\$div t:\$mod t:\$divfloor t:\$modfloor" 2>&1) || {
  echo "$log" | tail -20; exit 1; }
n=$(echo "$log" | sed -n 's/^\([0-9]*\) objects\.$/\1/p' | tail -1)
[ -n "$n" ] || { echo "no cell count in Yosys's log:"; echo "$log" | tail -20; exit 1; }
what="$top $routing, p=$p a=$a h=$h palmtree=$palmtree"
if [ "$expect" = none ] && [ "$n" -eq 0 ]; then echo "$what: no division"; exit 0; fi
if [ "$expect" = some ] && [ "$n" -gt 0 ]; then echo "$what: $n divisions, as expected"; exit 0; fi
echo "$what: $n division cells, expected $expect"; echo "$log" | grep -i "\$div\|\$mod" | head -20; exit 1
