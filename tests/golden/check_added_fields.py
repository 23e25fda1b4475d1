#!/usr/bin/env python3
"""Before regenerating the golden set for a change that only ADDS result fields: runs every case of
tests/golden/cases.txt with the built hiradix and checks that every field of the stored expected result is
bit-identical in the new one (the config may gain keys, as in golden_test.cpp; objects and lists of objects,
such as the time_series bins, may gain fields) and that the only new top-level fields are the ones named. Exit 0 iff so; prints every difference otherwise.

Usage: tests/golden/check_added_fields.py BUILD_DIR FIELD...   (e.g. build activity)
HIRADIX_GOLDEN_SET="key=value ..." adds --set options to every case (e.g. sim.partitions=domains: a
partitioned run must give the stored results).
"""
import json, os, shlex, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
build, allowed = sys.argv[1], set(sys.argv[2:])
golden = os.path.join(root, "tests", "golden")


def subset_diffs(expected, actual, where):
    """Paths where `expected` (a subset) differs from `actual`."""
    out = []
    for key, value in expected.items():
        path = f"{where}.{key}"
        if key not in actual:
            out.append(f"{path} is gone")
        elif isinstance(value, dict) and isinstance(actual[key], dict):
            out += subset_diffs(value, actual[key], path)
        elif (isinstance(value, list) and isinstance(actual[key], list) and len(value) == len(actual[key])
              and all(isinstance(x, dict) and isinstance(y, dict) for x, y in zip(value, actual[key]))):
            for i, (x, y) in enumerate(zip(value, actual[key])):  # e.g. time_series bins gaining a field
                out += subset_diffs(x, y, f"{path}[{i}]")
        elif value != actual[key]:
            out.append(f"{path}: {json.dumps(value)} -> {json.dumps(actual[key])}")
    return out


extra = os.environ.get("HIRADIX_GOLDEN_SET", "").split()
bad = 0
cases = [l.split() for l in open(os.path.join(golden, "cases.txt")) if l.strip() and not l.startswith("#")]
for name, config, *sets in cases:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [os.path.join(os.path.abspath(build), "hiradix"), "run", os.path.join(root, "testbench", "configs", config),
               "-q", "--out", "out"] + [a for s in sets + extra for a in ("--set", s)]
        subprocess.run(cmd, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            result = json.load(open(os.path.join(tmp, "out", "result.json")))
        except OSError:
            print(f"{name}: no result.json ({' '.join(map(shlex.quote, cmd))})")
            bad += 1
            continue
    result.pop("simulation", None)
    stored = os.path.join(golden, "expected", name + ".json")
    if not os.path.exists(stored):  # a case added with this change: nothing to keep
        print(f"{name}: new case, no stored result")
        continue
    expected = json.load(open(stored))
    diffs = subset_diffs(expected.pop("config"), result.pop("config"), "config")
    diffs += subset_diffs(expected, result, "result")
    diffs += [f"new field {k} not allowed" for k in result if k not in expected and k not in allowed]
    added = sorted(k for k in result if k not in expected)
    print(f"{name}: {'ok' if not diffs else 'DIFFERS'}; new fields {added}")
    for d in diffs:
        print("   ", d)
    bad += bool(diffs)
print(f"{len(cases) - bad} of {len(cases)} cases keep every stored field bit-identical")
sys.exit(1 if bad else 0)
