#!/usr/bin/env bash
# Installs what hiradix needs from Debian's packages (only what is missing), then configures and builds.
# Usage: scripts/setup.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

packages=(build-essential cmake pkg-config libsystemc-dev verilator libgtest-dev libfmt-dev
          libyaml-cpp-dev libcli11-dev nlohmann-json3-dev yosys qflow-tech-osu018 opensta
          gnuplot-nox             # hiradix plot (SVG, PNG through pngcairo)
          slurm-wlm munge         # the SLURM executor's test runs a one-node cluster (scripts/slurm-cluster.sh)
          clang libclang-rt-14-dev  # libFuzzer target on the config loader (scripts/fuzz.sh)
          pybind11-dev python3-dev  # import hiradix (python/), built for Debian's /usr/bin/python3
          libopenmpi-dev openmpi-bin  # one simulation on MPI ranks (mpirun -np N hiradix run)
          python3-pandas python3-matplotlib python3-pytest)  # hiradix.sweep's DataFrame, the example, tests/python
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"
