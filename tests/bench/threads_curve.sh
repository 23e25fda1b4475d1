#!/usr/bin/env bash
# Router-cycles per second against offered load on Dragonflies of h = 2, 4, 6 and 8 (MIN, UN), one curve per
# thread count (sim.threads; every run cut into its groups, so one thread is the partitioned kernel on one
# thread) and per MPI rank count (RANKS="1 2": mpirun -np N, README "Ranks"; rank 0's timing). Not a test: it
# writes OUT/threads_curve.csv and OUT/speed_threads.png (gnuplot) for docs/benchmark.md. Run it on a quiet
# machine: each point is one run, timed by the run itself (result.json's simulation.router_cycles_per_second,
# elaboration excluded).
# Usage: [THREADS="1 2"] [RANKS="1"] [LOADS="..."] [HS="2 4 6 8"] tests/bench/threads_curve.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build}/hiradix
out=${2:-docs/figures}
threads=${THREADS:-1 2}
ranks=${RANKS:-1}
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
loads=${LOADS:-0.1 0.3 0.5 0.7 1.0}
hs=${HS:-2 4 6 8}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=$out/threads_curve.csv
mkdir -p "$out"
echo "h,routers,load,threads,cycles,wall_seconds,router_cycles_per_second,peak_memory_mib,ranks" > "$csv"
for h in $hs; do
  case $h in  # about the same work per point: fewer cycles on larger networks
    2) warm=2000 measure=10000 ;;
    4) warm=1000 measure=4000 ;;
    6) warm=1000 measure=2000 ;;
    *) warm=500 measure=1000 ;;
  esac
  for load in $loads; do
    for n in $ranks; do
    for t in $threads; do
      launch=()
      [ "$n" -gt 1 ] && launch=("${mpirun[@]}" -np "$n")
      "${launch[@]}" "$bin" run testbench/configs/default.yaml -q --out "$tmp/r" --set topology.h="$h" --set traffic.load="$load" \
        --set sim.partitions=domains --set sim.threads="$t" --set sim.warmup=$warm --set sim.measure=$measure
      python3 - "$tmp/r/result.json" "$h" "$load" "$t" $((warm + measure)) >> "$csv" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["simulation"]
h, load, t, cycles = sys.argv[2:]
p = s["partitions"]
print(f"{h},{s['routers']},{load},{p['threads']},{cycles},{s['wall_seconds']:.3f},{s['router_cycles_per_second']:.0f},{s['peak_memory_mib']:.0f},{p.get('ranks', 1)}")
PY
      tail -1 "$csv"
    done
    done
  done
done
plot="set terminal pngcairo size 900,600 font ',11'; set output '$out/speed_threads.png';
set logscale y; set key outside right; set grid;
set xlabel 'offered load (phits/node/cycle), UN, MIN'; set ylabel 'router-cycles per second';
set title 'hiradix speed by thread count (Dragonfly, partitioned into groups)';
plot"
sep=""
color=1
for h in $hs; do
  dash=1
  for n in $ranks; do
  for t in $threads; do  # a curve's points in a file of their own, so that gnuplot joins them
    awk -F, -v h="$h" -v t="$t" -v n="$n" 'NR > 1 && $1 == h && $4 == t && $9 == n { print $3, $7 }' "$csv" > "$tmp/h${h}_t${t}_r$n.dat"
    label="h = $h, $t thread(s)"
    [ "$n" -gt 1 ] && label="$label x $n ranks"
    plot="$plot$sep '$tmp/h${h}_t${t}_r$n.dat' using 1:2 with linespoints lc $color dt $dash pt 7 title '$label'"
    sep=","
    dash=$((dash + 1))
  done
  done
  color=$((color + 1))
done
gnuplot -e "$plot"
echo "wrote $csv and $out/speed_threads.png"
