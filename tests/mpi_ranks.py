#!/usr/bin/env python3
"""One simulation on MPI ranks gives the result of one process (issue 31): `mpirun -np N hiradix run` against
`hiradix run`, result.json equal but for `simulation` (which says how it ran), the same exit code, on every
Dragonfly routing, saturation, wormhole, Ethernet pause with VOQs, QCN, QCN-Switch and MAR-bP, a transient,
trace replay, DRB and PR-DRB, the RTL in lockstep and in rtl mode, the other topologies, a deadlock the
watchdog stops, a router's traces, and ranks with threads inside; what the ranks do not run is refused naming
its key, once (by rank 0).
With --slurm, instead: examples/slurm/one_simulation_on_ranks.sbatch submitted to a one-node SLURM cluster
(scripts/slurm-cluster.sh, root) as two tasks of srun --mpi=pmix gives the result of one process too.
Usage: tests/mpi_ranks.py BUILD_DIR [--slurm]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

BUILD = os.path.abspath(sys.argv[1])
HIRADIX = os.path.join(BUILD, "hiradix")
SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CONFIGS = os.path.join(SOURCE, "testbench", "configs")
SKIPPED = 77  # ctest's SKIP_RETURN_CODE
MPIRUN = ["mpirun", "--oversubscribe"] + (["--allow-run-as-root"] if os.geteuid() == 0 else [])

H4 = ["--set", "topology.h=4", "--set", "traffic.load=0.3", "--set", "sim.warmup=500", "--set", "sim.measure=1500"]
SHORT = ["--set", "sim.partitions=domains", "--set", "sim.warmup=500", "--set", "sim.measure=1500"]
ETHERNET = ["--set", "sim.warmup=500", "--set", "sim.measure=1500", "--set", "routing.phase_a=-g-", "--set",
            "traffic.pattern=adv", "--set", "traffic.offset=1", "--set", "traffic.load=0.4"]
CASES = [(2, "default.yaml", H4 + ["--set", f"routing.algorithm={r}"])
         for r in ("min", "valiant", "ugal", "pb", "base", "ectn", "olm", "hybrid", "rvlb", "rpb", "acor", "pb_acor",
                   "tpr", "lian")]
CASES += [
    (2, "default.yaml", ["--set", "topology.h=4", "--set", "sim.warmup=500", "--set", "sim.measure=1500", "--set",
                         "routing.algorithm=ugal", "--set", "traffic.pattern=adv", "--set", "traffic.offset=1", "--set",
                         "traffic.load=1.0"]),
    (2, "default.yaml", H4 + ["--set", "router.switching=wormhole", "--set", "packet.flit=2"]),
    (2, "default.yaml", H4 + ["--set", "router.flow_control=pause", "--set", "router.queues=voq_sw", "--set",
                              "router.buffers.local=512", "--set", "router.buffers.global=512", "--set",
                              "router.buffers.injection=512"]),
    (3, "default.yaml", H4 + ["--set", "routing.algorithm=valiant", "--set", "sim.threads=2"]),
    # A transient (time series with the routers' contention samples, the reaction), trace replay, QCN with
    # QCN-Switch (its port readings, the busiest queue) and MAR-bP on the Ethernet Dragonfly.
    (2, "transient_un_to_adv1.yaml", ["--set", "sim.partitions=domains"]),
    (2, "h2_adv1_min.yaml", SHORT[:2] + ["--set", "traffic.pattern=trace", "--set", "traffic.trace_file=TRACE", "--set",
                                         "sim.warmup=0", "--set", "sim.measure=20000"]),
    (2, "h4_ethernet_qcn.yaml", ETHERNET),
    (2, "h4_ethernet_qcn.yaml", ETHERNET + ["--set", "qcn.sampling=input", "--set", "routing.algorithm=min",
                                            "--set", "qcn.reaction=on"]),
    (2, "h4_ethernet_qcn.yaml", ETHERNET + ["--set", "qcn.sampling=off", "--set", "routing.algorithm=marbp"]),
    # The RTL in the loop: a routing unit per rank (and per thread), the decisions' counts summed.
    (2, "default.yaml", H4 + ["--set", "routing.algorithm=ugal", "--set", "router.rc_mode=lockstep"]),
    (2, "default.yaml", H4 + ["--set", "routing.algorithm=lian", "--set", "router.rc_mode=lockstep", "--set",
                              "sim.threads=2"]),
    (2, "default.yaml", H4 + ["--set", "router.rc_mode=rtl"]),
    (2, "kns4x4_hybrid_dor.yaml", SHORT + ["--set", "routing.algorithm=sasha", "--set", "router.rc_mode=lockstep"]),
    (2, "mesh8x8_un_dor.yaml", SHORT),
    (2, "mesh8x8_un_dor.yaml", SHORT + ["--set", "routing.algorithm=rvlb"]),
    (2, "kns4x4_hybrid_dor.yaml", SHORT + ["--set", "routing.algorithm=sasha"]),
    # DRB: a packet's path header crosses with its head flit; ACKs are packets; the per-router waits, the
    # MetaPaths' counts and the ACK counts are summed over the ranks. PR-DRB under a hot-spot transient (the
    # contending flows in the headers, the time series' DRB columns).
    (2, "mesh8x8_un_dor.yaml", SHORT + ["--set", "routing.algorithm=drb", "--set", "traffic.load=0.3"]),
    (2, "mesh8x8_un_dor.yaml", SHORT + ["--set", "routing.algorithm=prdrb", "--set", "traffic.load=0.1", "--set",
                                        "traffic.change.at=1000", "--set", "traffic.change.load=0.3", "--set",
                                        "traffic.change.pattern=hotspot", "--set", "traffic.hotspot_nodes=[27, 28, 35, 36]",
                                        "--set", "traffic.hotspot_fraction=0.2", "--set", "stats.bin=500"]),
    (2, "fb4x4_un_ugal.yaml", SHORT),
    (2, "kns4x4_hybrid_dor.yaml", SHORT),
    (2, "h2_adv1_min.yaml", SHORT),
    # The watchdog's deadlock: every rank stops at the same cycle with the whole wait-for graph.
    (2, "h2_adv1_min.yaml", ["--set", "sim.partitions=domains", "--set", "traffic.load=0.5", "--set",
                             "routing.vc_scheme=hop_count", "--set", "sim.allow_deadlock=true", "--set",
                             "sim.warmup=1000", "--set", "sim.measure=30000", "--set", "sim.watchdog=2000"]),
]
REFUSED = [
    ("h2_adv1_min.yaml", ["--set", "sim.partitions=domains", "--set", "router.rc_mode=lockstep", "--set",
                          "rtl.inject_mismatch_at=100"], "rtl.inject_mismatch_at"),
    ("h2_adv1_min.yaml", ["--set", "sim.partitions=none"], "sim.partitions"),
    # About 56 MiB a rank: one process fits in 60 MiB, two ranks on one machine do not (30 MiB each).
    ("default.yaml", ["--max-memory", "60"], "memory"),
]


def run(command, out, cwd=None):
    p = subprocess.run(command + ["--out", out, "-q"], capture_output=True, text=True, cwd=cwd)
    path = os.path.join(out, "result.json")
    result = json.load(open(path)) if os.path.exists(path) else None
    return p.returncode, result, p.stderr


def compare(what, code1, one, code2, ranked, ranks, err=""):
    """1 when the ranks' result is not the one process's (but for `simulation`), else 0; says which."""
    if one is None or ranked is None:
        print(f"FAIL {what}: no result (exit {code1} / {code2}): {err[-800:]}")
        return 1
    sim = ranked.pop("simulation")
    one.pop("simulation")
    differ = [k for k in one if one[k] != ranked.get(k)] + [k for k in ranked if k not in one]
    if differ or code1 != code2 or sim.get("partitions", {}).get("ranks") != ranks:
        print(f"FAIL {what}: exit {code1} / {code2}, differ in {differ}, ranks {sim.get('partitions')}")
        return 1
    print(f"ok   {what}: {one['status']}, {one['packets']} packets, identical")
    return 0


def slurm(work):
    if os.geteuid() != 0 or not shutil.which("sbatch"):  # as the SLURM executor's test: root and slurm-wlm
        print("skipped: the one-node SLURM cluster needs root and slurm-wlm (scripts/setup.sh installs it)")
        return SKIPPED
    conf = subprocess.run(["bash", os.path.join(SOURCE, "scripts", "slurm-cluster.sh"), "start"], capture_output=True,
                          text=True)
    if conf.returncode != 0:
        print(f"FAIL scripts/slurm-cluster.sh start: {conf.stderr[-800:]}")
        return 1
    env = dict(os.environ, SLURM_CONF=conf.stdout.strip().splitlines()[-1], HIRADIX=HIRADIX)
    config = os.path.join(CONFIGS, "default.yaml")
    args = ["--set", "topology.h=4", "--set", "traffic.load=0.3", "--set", "sim.warmup=500", "--set", "sim.measure=1500"]
    code1, one, _ = run([HIRADIX, "run", config] + args, os.path.join(work, "one"))
    # The example with its arguments: the config (its --set given by a file of its own) and the output.
    with open(os.path.join(work, "h4.yaml"), "w") as f:
        f.write("topology: {h: 4}\ntraffic: {load: 0.3}\nsim: {warmup: 500, measure: 1500}\n")
    job = subprocess.run(["sbatch", "--wait", "--nodes=1", "--ntasks-per-node=2", "--cpus-per-task=1", "--mem=0",
                          f"--output={work}/job.out", os.path.join(SOURCE, "examples", "slurm", "one_simulation_on_ranks.sbatch"),
                          os.path.join(work, "h4.yaml"), os.path.join(work, "slurm")],
                         capture_output=True, text=True, env=env, cwd=SOURCE, timeout=300)
    path = os.path.join(work, "slurm", "result.json")
    ranked = json.load(open(path)) if os.path.exists(path) else None
    log = open(os.path.join(work, "job.out")).read() if os.path.exists(os.path.join(work, "job.out")) else ""
    return compare("sbatch examples/slurm/one_simulation_on_ranks.sbatch (2 tasks)", code1, one, job.returncode, ranked, 2,
                   job.stderr + log)


def main():
    failures = 0
    work = tempfile.mkdtemp(prefix="hiradix_mpi_")
    if "--slurm" in sys.argv:
        try:
            failures = slurm(work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return failures
    try:
        trace = os.path.join(work, "alltoall.trace")  # every node of the h = 2 Dragonfly to every other, 2 packets
        with open(trace, "w") as f:
            subprocess.run([sys.executable, os.path.join(SOURCE, "tools", "trace", "make_trace.py"), "alltoall", "--nodes",
                            "72", "--packets", "2", "--gap", "20"], stdout=f, check=True)
        for i, (np, config, args) in enumerate(CASES):
            args = [a.replace("TRACE", trace) for a in args]
            base = [HIRADIX, "run", os.path.join(CONFIGS, config)] + args
            code1, one, _ = run(base, os.path.join(work, f"{i}_one"))
            code2, ranked, err = run(MPIRUN + ["-np", str(np)] + base, os.path.join(work, f"{i}_ranks"))
            failures += compare(f"-np {np} {config} {' '.join(args)}", code1, one, code2, ranked, np, err)
        # A router's traces, written by the rank that runs it (router 20 of the h = 2 Dragonfly: group 5, rank
        # 1), are the one process's byte for byte.
        traced = [HIRADIX, "run", os.path.join(CONFIGS, "h2_adv1_min.yaml")] + SHORT + [
            "--set", "trace.router=20", "--set", "trace.contention=contention.csv"]
        files = {}
        for name, launch in (("one", []), ("ranks", MPIRUN + ["-np", "2"])):
            os.makedirs(os.path.join(work, "trace_" + name))
            run(launch + traced, "out", cwd=os.path.join(work, "trace_" + name))
            files[name] = [open(os.path.join(work, "trace_" + name, f), "rb").read()
                           if os.path.exists(os.path.join(work, "trace_" + name, f)) else None
                           for f in ("stages.vcd", "contention.csv")]
        if files["one"] != files["ranks"] or None in files["one"] or not all(files["one"]):
            print("FAIL trace.router 20: the traces differ from one process's (or are missing)")
            failures += 1
        else:
            print("ok   trace.router 20: stages.vcd and contention.csv identical")
        for config, args, key in REFUSED:
            code, result, err = run(MPIRUN + ["-np", "2", HIRADIX, "run", os.path.join(CONFIGS, config)] + args,
                                    os.path.join(work, "refused"))
            errors = [line for line in err.splitlines() if line.startswith("config error")]
            if code != 2 or result is not None or len(errors) != 1 or not errors[0].startswith(f"config error: {key}:"):
                print(f"FAIL refusal of {args}: exit {code}, stderr {err[-400:]!r}")
                failures += 1
            else:
                print(f"ok   {' '.join(args)} refused once, naming {key}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
