"""hiradix from Python: run a config, sweep configs into a pandas DataFrame, read the config schema.

    import hiradix
    r = hiradix.run("testbench/configs/h2_adv1_min.yaml", {"traffic.load": 0.3})
    r["latency"]["total"]["average"]
    df = hiradix.sweep({"topology": {"h": 2}}, vary={"routing.algorithm": ["min", "valiant"],
                                                    "traffic.load": [0.1, 0.2]}, jobs=2)
    [k["key"] for k in hiradix.keys()]

Every simulation runs in a child process, as in the CLI (SystemC elaborates once per process), through the
same library calls: run() returns what ``hiradix run`` writes to result.json, sweep() the rows of the
results.csv that ``hiradix sweep`` writes. A config or option the CLI refuses raises ConfigError with the
CLI's one-line message.
"""

import json
import os
import tempfile
import warnings
from contextlib import contextmanager

from . import _config, _core, _locate

ConfigError = _core.ConfigError  # a ValueError: "config error: KEY: WHY", the CLI's message (its exit code 2)
SimulationError = _core.SimulationError  # a RuntimeError: a simulation ended without a result (a crash, a kill)
__version__ = _core.version()

__all__ = ["run", "sweep", "read_sweep", "keys", "ConfigError", "SimulationError", "__version__"]


def keys():
    """The config schema, one dict per key in the order of ``hiradix keys``: ``key``, ``default`` (as that
    table writes it), ``allowed`` (its text), ``meaning``; and ``type`` (integer, number, string, list) and
    ``choices`` (the allowed strings, [] if free)."""
    return _core.keys()


@contextmanager
def _directory(out):
    """``out`` (created if needed), or a temporary directory removed afterwards."""
    if out is not None:
        yield os.fspath(out)
        return
    with tempfile.TemporaryDirectory(prefix="hiradix-") as d:
        yield d


def _memory(max_memory):
    return "" if max_memory is None else str(max_memory)


def run(config, overrides=None, *, out=None, quiet=True, max_memory=None):
    """Simulates one config and returns its result (``result.json`` as a dict, whatever its ``status``).

    config: a YAML file's path, or a dict of the same content (nested or dotted keys; ``{}`` = defaults).
    overrides: ``{"traffic.load": 0.3, ...}``, applied after the config as ``--set`` does.
    out: a directory to keep ``result.json`` in (default: none kept). quiet=False prints the progress line
    (stderr) and the CLI's summary. max_memory: refuse above this estimate (MiB, or "512M", "30G").
    """
    if config is None:
        raise ConfigError("config error: config: required (a YAML path, or a dict; {} = defaults)")
    path, sets = _config.resolve(config, overrides)
    with _directory(out) as d:
        text, code, warning = _core.run(path, sets, d, not quiet, _memory(max_memory))
    if warning:
        warnings.warn(warning.strip(), RuntimeWarning, stacklevel=2)
    result = json.loads(text)
    if not quiet:
        print(_core.summarize(text), end="")
    return result


def read_sweep(out, table="results"):
    """A sweep directory's table as a DataFrame: ``results`` (one row per point and seed), ``summary`` (mean
    and 95% confidence half-width over seeds) or ``timing``. Only empty cells are missing values (NaN); floats
    are read back exactly (round trip)."""
    import pandas as pd  # only here: run() and keys() need no pandas

    path = os.path.join(os.fspath(out), f"{table}.csv")
    return pd.read_csv(path, keep_default_na=False, na_values=[""], float_precision="round_trip")


def _vary_spec(key, values):
    """``key=v1,v2,...`` for a list of values, or ``key=TEXT`` for the CLI's own text ("0.1:0.5:0.1")."""
    if isinstance(values, str):
        return f"{key}={values}"
    texts = [_config.override_text(v) for v in values]
    for t in texts:
        if "," in t:
            raise ConfigError(f"config error: vary {key}: the value '{t}' holds a comma")
    return f"{key}={','.join(texts)}"


def sweep(config=None, vary=None, *, seeds=None, overrides=None, out=None, jobs=None, resume=False, plan=None,
          executor="local", partition=None, time=None, mem=None, quiet=True, max_points=None, max_memory=None,
          sample=None):
    """Runs ``hiradix sweep`` and returns its results.csv as a DataFrame (``read_sweep(out, "summary")`` and
    ``"timing"`` read the other tables).

    config: a YAML path or a dict (as for run), or None with ``plan``. vary: ``{key: [values]}`` or
    ``{key: "start:stop:step"}``, the first key outermost (``--vary``). seeds: runs per point (``--seeds``).
    overrides: fixed ``{key: value}`` for every point (``--set``). out: the sweep directory (default: a
    temporary one, removed). jobs: parallel simulations (``-j``; default the number of cores; slurm: the
    array's throttle). resume, plan, executor ("local" or "slurm"), partition, time, mem, max_points,
    max_memory, sample: as the CLI's options of the same names (with sample=N the DataFrame holds points 0,
    N, 2N, ...). quiet=False shows the progress line on stderr.

    A point that deadlocked or violated conservation is a row with that ``status``; points left without a
    result (a killed simulation, failed SLURM tasks) raise SimulationError, resumable with ``resume=True``.
    """
    if jobs is not None and jobs < 1:
        raise ConfigError(f"config error: jobs {jobs}: must be at least 1")
    if out is None and resume:
        raise ConfigError("config error: resume: needs the out directory of the sweep to resume")
    if (config is None) == (plan is None):
        raise ConfigError("config error: sweep: give either a config or plan, not both" if plan is not None else
                          "config error: sweep: a config (or plan) is required")
    path, sets = _config.resolve({} if config is None else config, overrides)
    args = {"config_path": path, "plan_path": "" if plan is None else os.fspath(plan), "sets": sets,
            "varies": [_vary_spec(k, v) for k, v in (vary or {}).items()], "seeds": seeds, "jobs": jobs,
            "resume": resume, "executor": executor, "partition": partition, "time": time, "mem": mem,
            "binary": _locate.binary() if executor == "slurm" else "", "quiet": quiet, "max_points": max_points, "sample": sample,
            "max_memory": _memory(max_memory)}
    with _directory(out) as d:
        args["out_dir"] = d
        try:
            code = _core.sweep(args)
        except KeyboardInterrupt as e:  # the tables of the points done are written; say how to go on from Python
            raise KeyboardInterrupt(str(e).replace("run the same command with --resume", "run the same sweep with "
                                                   "resume=True")) from None
        table = read_sweep(d)
        if code == 1:  # points without a result (the CLI's exit code 1)
            with open(os.path.join(d, "sweep.json")) as f:
                planned = len(json.load(f)["points"])
            raise SimulationError(f"sweep: {planned - len(table)} of {planned} points have no result"
                                  + ("; run the same sweep with resume=True to run them" if out is not None else ""))
    return table
