"""hiradix.keys: the schema `hiradix keys` prints, as data."""

import hiradix
from conftest import cli


def test_keys_are_the_table_hiradix_keys_prints():
    rows = hiradix.keys()
    table = "| key | default | allowed | meaning |\n|---|---|---|---|\n" + "".join(
        f"| `{r['key']}` | `{r['default']}` | {r['allowed']} | {r['meaning']} |\n" for r in rows)
    assert table == cli("keys").stdout


def test_keys_carry_types_and_choices_for_completion():
    by_key = {r["key"]: r for r in hiradix.keys()}
    assert by_key["traffic.load"]["type"] == "number" and by_key["traffic.load"]["default"] == "0.1"
    assert by_key["topology.h"]["type"] == "integer"
    assert {"min", "valiant", "ugal"} <= set(by_key["routing.algorithm"]["choices"])
    assert by_key["traffic.mix"]["type"] == "list"
    assert all(set(r) == {"key", "default", "allowed", "meaning", "type", "choices"} for r in by_key.values())


def test_the_version_is_the_cli_s():
    assert cli("--version").stdout.startswith(f"hiradix {hiradix.__version__} ")
