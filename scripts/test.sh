#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (the README's test command; CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
# The SLURM test starts a one-node cluster with scripts/slurm-cluster.sh when none runs (root only);
# stop it afterwards unless it was already up before the tests.
slurm_was_up=0
scripts/slurm-cluster.sh status 2>/dev/null && slurm_was_up=1
trap '[ "$slurm_was_up" = 1 ] || scripts/slurm-cluster.sh stop >/dev/null 2>&1 || true' EXIT
ctest --test-dir build --output-on-failure -j "$(nproc)"
