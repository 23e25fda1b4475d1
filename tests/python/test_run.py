"""hiradix.run: the CLI's result, bit for bit; configs as YAML paths and dicts; overrides; errors."""

import json
import math
import warnings

import pytest

import hiradix
from conftest import CONFIG, FAST, cli, read_json, without_simulation


def floats_as_hex(x):
    """The document with every float replaced by its exact bits (float.hex): equality is then bit equality."""
    if isinstance(x, float):
        return x.hex()
    if isinstance(x, dict):
        return {k: floats_as_hex(v) for k, v in x.items()}
    if isinstance(x, list):
        return [floats_as_hex(v) for v in x]
    return x


@pytest.mark.parametrize("routing", ["min", "valiant", "ugal"])
def test_run_equals_the_cli_result_bit_for_bit(cli_result, routing):
    overrides = {**FAST, "routing.algorithm": routing, "traffic.load": 0.3}
    expected = cli_result(overrides)
    got = hiradix.run(CONFIG, overrides)
    assert floats_as_hex(without_simulation(got)) == floats_as_hex(without_simulation(expected))
    assert got["status"] == "ok" and got["packets"] > 0
    # The provenance is the same too: the same library, the same commit, the same config digest.
    for k in ("hiradix_version", "git_commit", "config_sha256"):
        assert got["simulation"][k] == expected["simulation"][k]


def test_run_writes_result_json_into_out_as_the_cli_does(tmp_path):
    got = hiradix.run(CONFIG, FAST, out=tmp_path / "r")
    assert without_simulation(read_json(tmp_path / "r" / "result.json")) == without_simulation(got)


def test_a_dict_config_gives_the_result_of_the_yaml_file():
    # testbench/configs/h2_adv1_min.yaml, as nested sections, and again with dotted keys.
    nested = {"topology": {"h": 2}, "routing": {"algorithm": "min", "phase_a": "lgl"},
              "traffic": {"pattern": "adv", "offset": 1, "load": 0.2}, "sim": {"warmup": 3000, "measure": 5000}}
    dotted = {"topology.h": 2, "routing.algorithm": "min", "routing.phase_a": "lgl", "traffic.pattern": "adv",
              "traffic.offset": 1, "traffic.load": 0.2, "sim.warmup": 3000, "sim.measure": 5000}
    from_file = hiradix.run(CONFIG, FAST)
    assert without_simulation(hiradix.run(nested, FAST)) == without_simulation(from_file)
    assert without_simulation(hiradix.run(dotted, FAST)) == without_simulation(from_file)


def test_a_results_resolved_config_runs_the_same_simulation_again():
    first = hiradix.run(CONFIG, {**FAST, "traffic.load": 0.25})
    again = hiradix.run(first["config"])
    assert without_simulation(again) == without_simulation(first)


def test_overrides_apply_after_the_config_and_win():
    r = hiradix.run({"topology": {"h": 2}, "traffic": {"load": 0.5}, "sim": {"warmup": 300, "measure": 700}},
                    {"traffic.load": 0.05, "routing.algorithm": "valiant", "traffic.mix": []})
    assert r["config"]["traffic"]["load"] == 0.05
    assert r["config"]["routing"]["algorithm"] == "valiant"
    assert math.isclose(r["offered_load"], 0.05, rel_tol=0.3)


@pytest.mark.parametrize("key, value, typed", [
    ("traffic.lod", 0.3, "0.3"),                 # unknown key: the CLI names the nearest
    ("traffic.load", 3, "3"),                    # out of range
    ("routing.algorithm", "fastest", "fastest"),  # not one of the choices
    ("topology.h", "two", "two"),                # not an integer
    ("sim.measure", None, ""),                   # no value
])
def test_a_bad_key_or_value_raises_config_error_with_the_cli_message(key, value, typed):
    p = cli("run", CONFIG, "--set", f"{key}={typed}", "-q", check=False)
    assert p.returncode == 2
    with pytest.raises(hiradix.ConfigError) as e:
        hiradix.run(CONFIG, {key: value})
    assert str(e.value) == p.stderr.strip()
    assert isinstance(e.value, ValueError)


def test_config_errors_of_dicts_and_files():
    with pytest.raises(hiradix.ConfigError, match=r"^config error: topolgy: unknown key \(did you mean"):
        hiradix.run({"topolgy": {"h": 2}})
    with pytest.raises(hiradix.ConfigError, match="topology.h: given twice"):
        hiradix.run({"topology.h": 3, "topology": {"h": 2}})
    with pytest.raises(hiradix.ConfigError, match=r"topology: is empty \(null\)"):
        hiradix.run({"topology": None})  # used to run the 16,512-node default
    with pytest.raises(hiradix.ConfigError, match="no-such.yaml"):
        hiradix.run("no-such.yaml")
    with pytest.raises(TypeError):
        hiradix.run(42)


def test_a_deadlock_prone_config_allowed_to_run_warns_and_returns_its_result():
    # hop_count VCs on MIN: a cyclic channel dependency graph, refused unless sim.allow_deadlock is true.
    overrides = {**FAST, "routing.vc_scheme": "hop_count", "traffic.load": 0.05}
    with pytest.raises(hiradix.ConfigError, match="cyclic channel dependency graph"):
        hiradix.run(CONFIG, overrides)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = hiradix.run(CONFIG, {**overrides, "sim.allow_deadlock": True})
    assert any("cyclic channel dependency graph" in str(x.message) for x in w)
    assert r["status"] in ("ok", "deadlock")


def test_quiet_false_prints_the_cli_summary(capsys):
    r = hiradix.run(CONFIG, FAST, quiet=False)
    printed = capsys.readouterr().out
    assert "latency" in printed and str(r["packets"]) in printed.replace(",", "")


def test_the_json_module_reads_what_run_returns_back_unchanged():
    r = hiradix.run(CONFIG, FAST)
    assert json.loads(json.dumps(r)) == r


def test_a_window_without_packets_gives_none_and_says_why():
    # traffic.load 0 measures nothing: None, not a latency of 0, and the warning result.json carries.
    r = hiradix.run(CONFIG, {**FAST, "traffic.load": 0})
    assert r["status"] == "ok" and r["packets"] == 0
    assert all(r["latency"][part][field] is None
               for part in ("total", "injection", "network") for field in ("average", "p50", "p99"))
    assert r["average_hops"] is None and r["misrouted_fraction"] is None
    assert len(r["warnings"]) == 1 and "traffic.load 0" in r["warnings"][0]
