#!/usr/bin/env python3
"""Per experiment set, what its points cost: the sum of their simulation and elaboration seconds (one core),
from each sweep's timing.csv, and the whole set's total. For the README's "How long" (issue 32).

Usage: tests/bench/plan_durations.py OUT_DIR [PREFIX]   e.g. tests/bench/plan_durations.py out/experiments small_
A plan run with --sample N is reported as sampled: its points' mean times its plan's point count (sweep.json).
"""
import csv
import json
import os
import sys


def duration(seconds):
    s = round(seconds)
    return f"{s // 3600} h {s % 3600 // 60:02d} min" if s >= 3600 else f"{s // 60} min {s % 60:02d} s"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, prefix = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else ""
    total, total_points = 0.0, 0
    for name in sorted(os.listdir(out)):
        timing = os.path.join(out, name, "timing.csv")
        if not name.startswith(prefix) or not os.path.exists(timing):
            continue
        with open(timing) as f:
            rows = list(csv.DictReader(f))
        times = [float(r["simulation.wall_seconds"]) + float(r["simulation.elaboration_seconds"]) for r in rows]
        with open(os.path.join(out, name, "sweep.json")) as f:
            planned = len(json.load(f)["points"])
        if not times:
            continue
        spent = sum(times)
        estimate = spent / len(times) * planned
        note = "" if len(times) == planned else f"  (sampled {len(times)} of {planned}: estimated)"
        print(f"{name:<40} {planned:>5} points  {duration(estimate):>14}  {min(times):7.1f}-{max(times):7.1f} s a point{note}")
        total += estimate
        total_points += planned
    print(f"{'total':<40} {total_points:>5} points  {duration(total):>14}")


if __name__ == "__main__":
    main()
