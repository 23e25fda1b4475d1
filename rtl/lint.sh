#!/usr/bin/env bash
# Every top module of a file in rtl/ (all files read together) must pass Verilator 5.006's lint with -Wall (no warnings) and elaborate in Yosys 0.23.
# Usage: rtl/lint.sh   (exit 0 only if all pass; run by ctest as RtlLint)
set -euo pipefail
cd "$(dirname "$0")"
status=0
for f in *.v; do
  top=$(sed -n 's/^module \([A-Za-z0-9_]*\).*/\1/p' "$f" | head -n 1)
  if ! out=$(verilator --lint-only -Wall -I. --top-module "$top" *.v 2>&1); then
    echo "verilator -Wall: $f ($top):"; echo "$out"; status=1
  fi
  if command -v yosys >/dev/null; then
    if ! out=$(yosys -q -p "read_verilog -sv -I. *.v; hierarchy -check -top $top; proc; check -assert" 2>&1); then
      echo "yosys: $f ($top):"; echo "$out"; status=1
    fi
  else
    echo "yosys not installed (scripts/setup.sh installs it)"; status=1
  fi
done
[ $status -eq 0 ] && echo "rtl/lint.sh: $(ls *.v | wc -l) files clean under verilator -Wall and yosys"
exit $status
