"""`cmake --install` puts a relocatable package under the prefix: moved elsewhere, it still imports, runs,
and finds the installed binary next to it."""

import os
import shutil
import subprocess
import sys

from conftest import CONFIG, SOURCE

BUILD = os.environ.get("HIRADIX_BUILD_DIR", str(SOURCE / "build"))
SITE = "lib/python{}.{}/dist-packages".format(*sys.version_info[:2])


def test_the_installed_package_works_after_its_prefix_moved(tmp_path):
    subprocess.run(["cmake", "--install", BUILD, "--prefix", str(tmp_path / "a")], check=True, capture_output=True)
    shutil.move(tmp_path / "a", tmp_path / "b")  # nothing may point back to where it was installed or built
    site = tmp_path / "b" / SITE
    modules = list((site / "hiradix").glob("_core*.so"))
    assert len(modules) == 1
    dynamic = subprocess.run(["readelf", "-d", str(modules[0])], check=True, capture_output=True, text=True).stdout
    assert "RPATH" not in dynamic and "RUNPATH" not in dynamic
    code = ("import hiradix, hiradix._locate as l; "
            "r = hiradix.run(%r, {'sim.warmup': 100, 'sim.measure': 200}); "
            "print(hiradix.__file__); print(l.binary()); print(r['status'])" % CONFIG)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HIRADIX_BINARY")}
    env["PYTHONPATH"] = str(site)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    package, binary, status = p.stdout.split()
    assert package == str(site / "hiradix" / "__init__.py")
    assert binary == str(tmp_path / "b" / "bin" / "hiradix")
    assert status == "ok"
