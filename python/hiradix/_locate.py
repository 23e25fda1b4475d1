"""Where things are, found relative to this package so that an installed tree can be moved."""

import os
import shutil
from pathlib import Path

_here = Path(__file__).resolve().parent


def binary():
    """The hiradix binary that SLURM tasks run (``hiradix sweep-point``), or "" if none is found: $HIRADIX_BINARY;
    the build tree's (BUILD/python/hiradix -> BUILD/hiradix); the installed one (PREFIX/lib/pythonX.Y/
    dist-packages/hiradix -> PREFIX/bin/hiradix); else the one on PATH."""
    candidates = [os.environ.get("HIRADIX_BINARY", ""), _here.parent.parent / "hiradix"]
    if len(_here.parents) > 3:
        candidates.append(_here.parents[3] / "bin" / "hiradix")
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(Path(c).resolve())
    return shutil.which("hiradix") or ""
