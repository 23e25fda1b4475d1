"""Ctrl-C during hiradix.run or hiradix.sweep: KeyboardInterrupt, no simulation left running, and the
interpreter goes on (a sweep writes the tables of the points done first, as the CLI does)."""

import os
import signal
import threading

import pytest

import hiradix
from conftest import CONFIG

ENDLESS = {"sim.warmup": 0, "sim.measure": 10**8}  # hours: only the interrupt ends it


def interrupt_in(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def children():
    """This process's live children, from /proc (field 4 of stat is the parent; zombies have been reaped)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            found.append(pid)
    return found


def test_ctrl_c_ends_a_run_and_its_simulation():
    interrupt_in(0.5)
    with pytest.raises(KeyboardInterrupt):
        hiradix.run(CONFIG, ENDLESS)
    assert children() == []
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_ends_a_sweep_which_says_how_to_resume(tmp_path):
    interrupt_in(0.5)
    with pytest.raises(KeyboardInterrupt, match=r"0 of 2 points have a result .* resume=True"):
        hiradix.sweep(CONFIG, vary={"traffic.load": [0.1, 0.2]}, overrides=ENDLESS, jobs=2, out=tmp_path / "s")
    assert children() == []
    assert (tmp_path / "s" / "results.csv").exists()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
