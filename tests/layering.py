#!/usr/bin/env python3
"""The layers of docs/architecture.md, checked on the includes: every #include from one folder of the
source tree into another must be an edge of LAYERS (the folders a folder may include), so no folder ever
includes a folder that includes it back. Prints each edge that is not allowed and exits 1."""
import os
import re
import sys

# folder -> the folders it may include (not transitive: each edge is written out).
LOWER = {
    'config/schema': [],
    'tlm': [],
    'topology': ['config/schema', 'tlm'],
    'router/common': ['tlm'],
    'router/routing': ['router/common', 'topology', 'config/schema', 'tlm'],
    'router/buffers': ['router/common', 'tlm'],
    'router/flow': ['router/common', 'tlm'],
    'router/rtl': ['router/routing', 'router/common', 'topology', 'config/schema', 'tlm'],
    'router': ['router/rtl', 'router/routing', 'router/buffers', 'router/flow', 'router/common', 'topology',
               'config/schema', 'tlm'],
    'synth/report': ['config/schema'],
    'cmake': ['router/routing'],  # the configure-time generator of the routing unit's buses (rtl_bus_gen.cpp)
}
BELOW_CONFIG = list(LOWER)
LOWER['config'] = BELOW_CONFIG
LOWER['testbench'] = BELOW_CONFIG + ['config']
LOWER['synth'] = BELOW_CONFIG + ['config']
LOWER['tools/run'] = BELOW_CONFIG + ['config', 'testbench', 'synth']
LOWER['tools/sweep'] = LOWER['tools/run'] + ['tools/run']
LOWER['tools/plot'] = LOWER['tools/sweep'] + ['tools/sweep']
LOWER['tools'] = LOWER['tools/plot'] + ['tools/plot']
LOWER['python/src'] = LOWER['tools'] + ['tools']

SKIP = ('tests', 'docs', 'examples', 'build', 'fuzz', 'out', '.')
include = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
root = sys.argv[1] if len(sys.argv) > 1 else '.'
bad = []
for here, dirs, names in os.walk(root):
    dirs[:] = [d for d in dirs if not d.startswith(SKIP)]
    folder = os.path.relpath(here, root)
    for name in names:
        if not name.endswith(('.cpp', '.h')):
            continue
        path = os.path.join(here, name)
        for target in include.findall(open(path, errors='replace').read()):
            if not os.path.exists(os.path.join(root, target)):
                continue  # a system, generated or Verilated header
            to = os.path.dirname(target)
            if to == folder:
                continue
            if folder not in LOWER:
                bad.append(f'{os.path.relpath(path, root)}: folder {folder} is not in the layers')
            elif to not in LOWER[folder]:
                bad.append(f'{os.path.relpath(path, root)} includes {target}: {folder} may not include {to}')
for line in sorted(set(bad)):
    print(line)
print(f'{len(set(bad))} include(s) across the layers')
sys.exit(1 if bad else 0)
