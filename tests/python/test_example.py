"""examples/python/latency_throughput.py runs (small sizes) and writes its figure."""

import os
import subprocess
import sys

import pandas as pd

from conftest import SOURCE


def test_the_latency_throughput_example_writes_its_table_and_figure(tmp_path):
    out = tmp_path / "lt"
    script = SOURCE / "examples" / "python" / "latency_throughput.py"
    p = subprocess.run([sys.executable, str(script), "--out", str(out), "--loads", "0.1,0.6", "--warmup", "200",
                        "--measure", "400", "-j", "2"], capture_output=True, text=True, env=dict(os.environ))
    assert p.returncode == 0, p.stderr
    png = out / "latency_throughput.png"
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 20000 and (out / "latency_throughput.pdf").exists()
    df = pd.read_csv(out / "results.csv")
    assert len(df) == 3 * 2 * 2  # routings x patterns x loads
    assert set(df["routing.algorithm"]) == {"min", "valiant", "ugal"} and set(df["traffic.pattern"]) == {"un", "adv"}
    assert "UGAL-L" in p.stdout and "ADV+1" in p.stdout
