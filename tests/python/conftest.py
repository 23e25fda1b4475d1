"""Shared by the Python tests (run by ctest: tests/python/CMakeLists.txt sets HIRADIX_BIN, HIRADIX_SOURCE_DIR
and PYTHONPATH=BUILD/python). Every network here is the h = 2 Dragonfly (36 routers) with a short run."""

import json
import os
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("HIRADIX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
BINARY = os.environ.get("HIRADIX_BIN", str(SOURCE / "build" / "hiradix"))
CONFIG = str(SOURCE / "testbench" / "configs" / "h2_adv1_min.yaml")
# Short enough for a test, long enough that every routing sees contention at these loads.
FAST = {"sim.warmup": 300, "sim.measure": 700}


def cli(*args, check=True):
    """Runs the hiradix binary; returns the CompletedProcess (text)."""
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    p = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, env=env)
    if check and p.returncode != 0:
        raise AssertionError(f"hiradix {' '.join(map(str, args))} exited {p.returncode}: {p.stderr}")
    return p


def sets(overrides):
    """--set arguments for a dict of overrides, written as a user would type them."""
    out = []
    for k, v in overrides.items():
        out += ["--set", f"{k}={v}"]
    return out


def without_simulation(result):
    """A result without its `simulation` object (wall times, memory: the only fields that differ between
    identical runs)."""
    return {k: v for k, v in result.items() if k != "simulation"}


def read_json(path):
    with open(path) as f:
        return json.load(f)


@pytest.fixture
def cli_result(tmp_path):
    """The CLI's result.json (as a dict) of CONFIG with FAST and the given overrides."""
    def run(overrides=None, config=CONFIG):
        out = tmp_path / "cli"
        cli("run", config, *sets({**FAST, **(overrides or {})}), "--out", out, "-q")
        return read_json(out / "result.json")
    return run
