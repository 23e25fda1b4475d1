#!/usr/bin/env bash
# A one-node SLURM cluster on this machine (Debian's slurm-wlm + munge), for testing the SLURM executor of
# `hiradix sweep --executor slurm` against the real thing. Needs root (slurmd runs jobs as their user).
#
#   scripts/slurm-cluster.sh start    # idempotent; prints the SLURM_CONF path to export
#   scripts/slurm-cluster.sh status   # exit 0 when the node answers
#   scripts/slurm-cluster.sh stop
#
# Everything (config, munge key and socket, state, logs, pid files) lives in one directory,
# $HIRADIX_SLURM_DIR (default /tmp/hiradix-slurm), so it never touches a system-wide SLURM or munge.
set -euo pipefail
dir=${HIRADIX_SLURM_DIR:-/tmp/hiradix-slurm}
conf=$dir/slurm.conf
export SLURM_CONF=$conf

die() { echo "slurm-cluster: $*" >&2; exit 1; }

node_up() {
  [ -f "$conf" ] || return 1
  local state
  state=$(timeout 10 sinfo -h -N -o '%T' 2>/dev/null | head -n1) || return 1
  case "$state" in idle* | mixed* | allocated* | completing*) return 0 ;; *) return 1 ;; esac
}

stop_pidfile() {
  local f=$1
  [ -f "$f" ] || return 0
  local pid
  pid=$(cat "$f" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$f"
}

start() {
  if node_up; then echo "$conf"; return 0; fi
  [ "$(id -u)" -eq 0 ] || die "needs root (slurmd starts jobs as their user)"
  for b in munged mungekey slurmctld slurmd sinfo sbatch; do
    command -v "$b" >/dev/null || [ -x "/usr/sbin/$b" ] || die "$b not found (scripts/setup.sh installs slurm-wlm and munge)"
  done
  stop >/dev/null 2>&1 || true
  mkdir -p "$dir"/{state,spool,munge,log}
  chmod 700 "$dir/munge"

  # munge: our own key and socket. munged refuses group/world-writable paths, and root needs --force.
  [ -f "$dir/munge/munge.key" ] || /usr/sbin/mungekey --create --keyfile="$dir/munge/munge.key" 2>/dev/null ||
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 600 "$dir/munge/munge.key"
  /usr/sbin/munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munge.seed" ||
    die "munged did not start (see $dir/log/munged.log)"

  local host cpus mem
  host=$(hostname -s)
  cpus=$(nproc)
  mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)  # MB, leave some to the system
  # Addresses are given as 127.0.0.1 so nothing depends on the host name resolving (fresh CI containers).
  cat >"$conf" <<EOF
# Written by scripts/slurm-cluster.sh: a one-node test cluster.
ClusterName=hiradix
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmctldPort=${HIRADIX_SLURMCTLD_PORT:-16817}
SlurmdPort=${HIRADIX_SLURMD_PORT:-16818}
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  /usr/sbin/slurmctld -f "$conf" -i || die "slurmctld did not start (see $dir/log/slurmctld.log)"
  /usr/sbin/slurmd -f "$conf" || die "slurmd did not start (see $dir/log/slurmd.log)"
  for _ in $(seq 60); do
    if node_up; then echo "$conf"; return 0; fi
    scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
    sleep 0.5
  done
  die "the node did not become idle within 30 s (sinfo: $(sinfo -h -N -o '%T %E' 2>&1 | head -n1); logs in $dir/log)"
}

stop() {
  stop_pidfile "$dir/slurmd.pid"
  stop_pidfile "$dir/slurmctld.pid"
  stop_pidfile "$dir/munge/munged.pid"
}

case "${1:-}" in
  start)  # one start at a time (tests side by side share the cluster); the daemons must not inherit the lock
    mkdir -p "$(dirname "$dir")"
    exec flock -o "$dir.lock" bash "$0" start-holding-lock ;;
  start-holding-lock) start ;;
  stop) stop ;;
  status) node_up ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
