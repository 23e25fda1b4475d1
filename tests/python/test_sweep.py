"""hiradix.sweep: the CLI's sweep tables, byte for byte, as a DataFrame."""

import os

import pandas as pd
import pytest

import hiradix
from conftest import CONFIG, FAST, cli, sets

VARY = {"routing.algorithm": ["min", "valiant"], "traffic.load": [0.1, 0.3]}


def test_sweep_writes_the_cli_tables_and_returns_results_csv(tmp_path):
    cli("sweep", CONFIG, "--vary", "routing.algorithm=min,valiant", "--vary", "traffic.load=0.1,0.3",
        *sets(FAST), "--seeds", 2, "-j", 2, "--out", tmp_path / "cli", "-q")
    df = hiradix.sweep(CONFIG, vary=VARY, overrides=FAST, seeds=2, jobs=2, out=tmp_path / "py")
    for table in ("results", "summary"):
        with open(tmp_path / "cli" / f"{table}.csv", "rb") as a, open(tmp_path / "py" / f"{table}.csv", "rb") as b:
            assert a.read() == b.read(), table
    expected = hiradix.read_sweep(tmp_path / "cli")
    pd.testing.assert_frame_equal(df, expected, check_exact=True)
    with open(tmp_path / "cli" / "results.csv") as f:
        assert list(df.columns) == f.readline().strip().split(",")
    assert len(df) == 8 and (df["status"] == "ok").all()
    assert list(df["routing.algorithm"]) == ["min"] * 4 + ["valiant"] * 4  # the first vary outermost
    assert df["seed"].tolist()[:2] == [1, 2]
    assert list(hiradix.read_sweep(tmp_path / "py", "summary")["runs"]) == [2, 2, 2, 2]


def test_a_dict_config_and_a_range_sweep_into_a_temporary_directory(tmp_path):
    config = {"topology": {"h": 2}, "traffic": {"pattern": "adv", "offset": 1}, "sim": {"warmup": 300, "measure": 700}}
    df = hiradix.sweep(config, vary={"traffic.load": "0.1:0.2:0.1"}, jobs=2)
    assert df["traffic.load"].tolist() == [0.1, 0.2]
    cli_out = tmp_path / "cli"
    cli("sweep", CONFIG, "--vary", "traffic.load=0.1:0.2:0.1", "--set", "sim.warmup=300", "--set", "sim.measure=700",
        "--out", cli_out, "-q")
    pd.testing.assert_frame_equal(df, hiradix.read_sweep(cli_out), check_exact=True)


def test_resume_extends_a_sweep_in_out(tmp_path):
    out = tmp_path / "s"
    hiradix.sweep(CONFIG, vary={"traffic.load": [0.1]}, overrides=FAST, out=out)
    first = os.path.getmtime(out / "points" / "0000.json")
    df = hiradix.sweep(CONFIG, vary={"traffic.load": [0.1, 0.2]}, overrides=FAST, out=out, resume=True)
    assert df["traffic.load"].tolist() == [0.1, 0.2]
    assert os.path.getmtime(out / "points" / "0000.json") == first  # the point done was kept


@pytest.mark.parametrize("py_args, cli_args", [
    ({"vary": {"traffic.lod": [0.1]}}, ["--vary", "traffic.lod=0.1"]),
    ({"vary": {"traffic.load": "0.1:0.05:0"}}, ["--vary", "traffic.load=0.1:0.05:0"]),
    ({"vary": {"traffic.load": [0.1]}, "executor": "cloud"}, ["--vary", "traffic.load=0.1", "--executor", "cloud"]),
    ({"vary": {"traffic.load": [0.1]}, "time": "1:00"}, ["--vary", "traffic.load=0.1", "--time", "1:00"]),
])
def test_a_bad_sweep_raises_config_error_with_the_cli_message(tmp_path, py_args, cli_args):
    p = cli("sweep", CONFIG, *cli_args, "--out", tmp_path / "cli", "-q", check=False)
    assert p.returncode == 2
    with pytest.raises(hiradix.ConfigError) as e:
        hiradix.sweep(CONFIG, out=tmp_path / "py", **py_args)
    assert str(e.value) == p.stderr.strip()


def test_a_plan_file_with_a_vary_that_replaces_its_list(tmp_path):
    plan = tmp_path / "plan.yaml"
    plan.write_text(f"config: {CONFIG}\nset: {{sim.warmup: 300, sim.measure: 700}}\n"
                    "vary:\n  - routing.algorithm=min,valiant\n  - traffic.load=0.1\n")
    df = hiradix.sweep(plan=plan, vary={"routing.algorithm": ["ugal"]}, jobs=2)
    assert df["routing.algorithm"].tolist() == ["ugal"]
    with pytest.raises(hiradix.ConfigError, match="not both"):
        hiradix.sweep(CONFIG, plan=plan)


def test_a_sample_runs_every_nth_point_and_resume_runs_the_rest(tmp_path):
    loads = {"traffic.load": [0.1, 0.2, 0.3]}
    df = hiradix.sweep(CONFIG, vary=loads, overrides=FAST, jobs=1, out=tmp_path / "s", sample=2)
    assert df["traffic.load"].tolist() == [0.1, 0.3]
    full = hiradix.sweep(CONFIG, vary=loads, overrides=FAST, jobs=1, out=tmp_path / "s", resume=True)
    assert full["traffic.load"].tolist() == [0.1, 0.2, 0.3]
    with pytest.raises(hiradix.ConfigError, match="sample 0: must be at least 1"):
        hiradix.sweep(CONFIG, vary=loads, overrides=FAST, out=tmp_path / "z", sample=0)
