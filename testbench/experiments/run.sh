#!/usr/bin/env bash
# Runs ready-made sweeps and draws their figures: testbench/experiments/NAME.yaml -> out/experiments/NAME/
# (results.csv, summary.csv, points/) and out/experiments/NAME/plots/ (SVG + PNG).
#
#   testbench/experiments/run.sh small            # every small_*.yaml (h = 4; 1,046 points: 41 min of one core here)
#   testbench/experiments/run.sh h6               # every h6_*.yaml (h = 6; 1,609 points: about 31 h of one core, estimated; README "How long")
#   testbench/experiments/run.sh full             # every full_*.yaml (Fuentes et al. Table I, h = 8, a 3-D FB, seed 001's full KNS and PTRANS, chapter 4 at h = 6 and 8; 966 points: about 26 h of one core, estimated; a cluster's)
#   testbench/experiments/run.sh topo             # every topo_*.yaml (meshes and Flattened Butterflies; 278 points: 44 s)
#   testbench/experiments/run.sh seed001          # every seed001_*.yaml (seed 001's queue schemes on 2D and 3D tori and the 2D KNS with Hybrid-DOR, OSHA and SASHA, the 8 x 8 x 8 KNS, PTRANS, and VOQnet on a mesh; 908 points: 31 min of one core here)
#   testbench/experiments/run.sh ethernet         # every ethernet_*.yaml (seed 000 ch. 4 / seed 002: MAR-bP and QCN-Switch, h = 4; 206 points: 19 min of one core)
#   testbench/experiments/run.sh seed004          # every seed004_*.yaml (seed 004: DOR, DRB and PR-DRB under bursts on an 8 x 8 mesh; 25 points: 12 s)
#   testbench/experiments/run.sh small_adv1 ...   # named experiments
#   testbench/experiments/run.sh small -- --seeds 3 --vary routing.algorithm=min,valiant,ugal,base
#   testbench/experiments/run.sh full -- --executor slurm --partition batch --time 2:00:00 --mem 4G
#   testbench/experiments/run.sh --keep h6_ch6_mix   # copy its finished points into progress/h6_ch6_mix (tracked)
#
# Arguments after -- go to every `hiradix sweep` (a --vary of a key the plan already varies replaces the
# plan's list, so new routings join every experiment without editing the files). Sweeps run with
# --resume: rerunning after an interruption only runs the missing points. A set that takes longer than a
# machine lives (the h6_* and full_* ones: hours to a day of one core) goes on across machines: --keep NAME
# copies OUT/NAME's finished points into progress/NAME beside this file (commit it), and a run whose
# OUT/NAME has no sweep yet starts from progress/NAME. The kept points are results of the build that ran
# them: a change meant to move results must delete them. HIRADIX (default build/hiradix), OUT (default
# out/experiments) and PROGRESS (default progress/ beside this file) may be set in the environment.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
hiradix=${HIRADIX:-$root/build/hiradix}
out=${OUT:-out/experiments}
progress=${PROGRESS:-$here/progress}
names=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do names+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
# The usage is the comment block at the top of this file, without its '# ' (and nothing else of the file).
usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; }
case "${names[0]:-}" in -h | --help) usage; exit 0 ;; esac
[ ${#names[@]} -gt 0 ] || { usage; exit 2; }
# --keep: the finished points (renamed into place whole) and the plan, added to those kept before (none is
# removed: a point kept under another number than the plan's now is checked against it and run again).
if [ "${names[0]}" = --keep ]; then
  [ ${#names[@]} -gt 1 ] || { echo "run.sh: --keep needs an experiment name" >&2; exit 2; }
  for n in "${names[@]:1}"; do
    [ -f "$out/$n/sweep.json" ] || { echo "run.sh: --keep $n: $out/$n/sweep.json not found (no sweep of $n there)" >&2; exit 1; }
    mkdir -p "$progress/$n/points"
    cp "$out/$n/sweep.json" "$progress/$n/"
    find "$out/$n/points" -maxdepth 1 -name '[0-9][0-9][0-9][0-9].json' -exec cp {} "$progress/$n/points/" \;
    echo "run.sh: kept $(ls "$progress/$n/points" | wc -l) points of $n in $progress/$n"
  done
  exit 0
fi
[ -x "$hiradix" ] || { echo "run.sh: $hiradix not built (scripts/setup.sh builds it)" >&2; exit 1; }

plans=()
for n in "${names[@]}"; do
  case "$n" in
    small | h6 | full | topo | seed001 | seed004 | ethernet) for f in "$here/${n}"_*.yaml; do plans+=("$f"); done ;;
    *) [ -f "$here/$n.yaml" ] || { echo "run.sh: no experiment $n (see $here)" >&2; exit 2; }
       plans+=("$here/$n.yaml") ;;
  esac
done
for plan in "${plans[@]}"; do
  name=$(basename "$plan" .yaml)
  echo "== $name: $(sed -n 's/^description: "\(.*\)"$/\1/p' "$plan")"
  if [ -f "$progress/$name/sweep.json" ] && [ ! -e "$out/$name/sweep.json" ]; then
    mkdir -p "$out/$name"
    cp -r "$progress/$name/." "$out/$name/"
    echo "== $name: starting from the $(ls "$progress/$name/points" | wc -l) points kept in $progress/$name"
  fi
  "$hiradix" sweep --plan "$plan" --out "$out/$name" --resume "$@"
  "$hiradix" plot "$out/$name/results.csv"
done
