#!/usr/bin/env python3
"""Exact results of tiny networks against an independent model (issue 27: "exact results on tiny networks,
computed by an independent script and asserted exactly").

Each case is a tiny network under a permutation whose flows share no link, router output or destination
(DOR on a 2 x 2 mesh and a 2 x 2 HyperX under bit_complement, a 3-router ring under neighbor, the 2-ary
2-direct KNS under bit_complement): no packet ever waits for another node's packet. Then a packet's
life is fixed by hand and by this script alone:
  - its creation cycles are the NIC's Bernoulli process, replayed here from the documented generator
    (router/common/rng.h: xoshiro256** seeded by splitmix64 from (sim.seed, node); testbench/nic.cpp:
    geometric gaps g = 1 + floor(log(u) / log1p(-p)), u = 1 - uniform(), p = load / packet size);
  - it waits in its NIC's queue behind the packets of its own node only: it starts when it is created or
    when the one before it has left, a packet size later (one phit per cycle);
  - it crosses the network in the zero-load time of its H router-to-router hops, by hand: the injection
    link, H + 1 routers' pipelines (RC + VA + SA + ST), H network links, the ejection link (the injection
    link's latency) and the tail's size - 1 cycles behind the head: 1 + 5 (H + 1) + 10 H + 1 + 7 = 14 + 15 H
    with the defaults (README, "Meshes and tori"); every packet must show it (p50 = p99 = average);
  - it counts in the measurement window by the cycle its tail arrives (testbench/stats.h).
From these the script computes the packets delivered in the window, the offered and accepted loads, the mean
hops and the mean total and injection latencies, and compares them with result.json exactly (the means to
1e-9: they are sums of integers over a count).

Usage: tiny_networks.py HIRADIX_BINARY CONFIG_DIR   (exit 0 when every case agrees)
"""
import json
import math
import os
import subprocess
import sys
import tempfile

MASK = (1 << 64) - 1


class Rng:
    """router/common/rng.h, line by line."""

    def __init__(self, seed, stream):
        x = ((seed * 0x9E3779B97F4A7C15) & MASK) ^ ((stream + 0x632BE59BD9B4E019) & MASK)
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.s.append(z ^ (z >> 31))

    @staticmethod
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & MASK

    def next(self):
        s = self.s
        result = (self.rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result

    def uniform(self):
        return (self.next() >> 11) * 2.0 ** -53


def creation_cycles(seed, node, load, packet_size, end):
    """The cycles at which `node` creates a packet, up to `end` (testbench/nic.cpp: first_instant, gap)."""
    rng = Rng(seed, node)
    p = min(1.0, load / packet_size)
    log_q = math.log1p(-p)
    cycles, t = [], 0
    while True:
        if p >= 1.0:
            gap = 1
        else:
            u = 1.0 - rng.uniform()
            gap = 1 + int(math.floor(math.log(u) / log_q))
        t = t + gap - 1
        if t >= end:
            return cycles
        cycles.append(t)
        t += 1


def zero_load(config, hops):
    """The network latency of a packet of `hops` router-to-router hops that never waits (above)."""
    pipeline = sum(config["router"]["latency"][stage] for stage in ("rc", "va", "sa", "st"))
    links = config["links"]
    return (2 * links["injection_latency"] + (hops + 1) * pipeline + hops * links["network_latency"]
            + config["packet"]["size"] - 1)


def expected(case, network_latency, hops):
    """What result.json must say, from the creation cycles and the fixed network latency."""
    warmup, measure, size = case["warmup"], case["measure"], case["packet_size"]
    begin, end = warmup, warmup + measure
    created_in_window = delivered = waited = total = 0
    for node in range(case["nodes"]):
        free = 0  # the first cycle the NIC's link is free
        for t in creation_cycles(case["seed"], node, case["load"], size, end):
            if begin <= t < end:
                created_in_window += 1
            start = max(t, free)
            free = start + size
            arrival = start + network_latency
            if begin <= arrival < end:
                delivered += 1
                waited += start - t
                total += arrival - t
    nodes_cycles = case["nodes"] * measure
    return {
        "packets": delivered,
        "offered_load": created_in_window * size / nodes_cycles,
        "accepted_load": delivered * size / nodes_cycles,
        "average_hops": hops,
        "injection_latency": waited / delivered,
        "total_latency": total / delivered,
    }


CASES = [
    # name, config, overrides, hops of every packet
    ("2x2 mesh, DOR, bit_complement", "mesh8x8_un_dor.yaml",
     ["topology.dims=[2,2]", "traffic.pattern=bit_complement"], 2),
    ("3-router ring, DOR, neighbor", "mesh8x8_un_dor.yaml",
     ["topology.type=torus", "topology.dims=[3]", "traffic.pattern=neighbor"], 1),
    ("2x2 HyperX, DOR, bit_complement", "fb4x4_un_ugal.yaml",
     ["topology.dims=[2,2]", "topology.p=1", "routing.algorithm=dor", "traffic.pattern=bit_complement"], 2),
    ("2-ary 2-direct KNS, Hybrid-DOR, bit_complement", "kns4x4_hybrid_dor.yaml",
     ["topology.dims=[2,2]", "traffic.pattern=bit_complement"], 4),
]
LOADS = [0.1, 0.4]  # both below the flows' bandwidth (one phit per cycle)


def run(binary, config, overrides, out):
    args = [binary, "run", config, "-q", "--out", out]
    for o in overrides:
        args += ["--set", o]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "result.json")) as f:
        return json.load(f)


def main():
    binary, configs = sys.argv[1], sys.argv[2]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, config, overrides, hops in CASES:
            for load in LOADS:
                sets = overrides + [f"traffic.load={load}", "sim.warmup=1000", "sim.measure=20000", "sim.seed=7"]
                r = run(binary, os.path.join(configs, config), sets, os.path.join(tmp, "out"))
                resolved = r["config"]
                case = {"warmup": 1000, "measure": 20000, "seed": 7, "load": load,
                        "packet_size": resolved["packet"]["size"],
                        "nodes": r["simulation"]["network"]["nodes"]}
                net = r["latency"]["network"]
                latency = zero_load(resolved, hops)
                want = expected(case, latency, hops)
                got = {"packets": r["packets"], "offered_load": r["offered_load"], "accepted_load": r["accepted_load"],
                       "average_hops": r["average_hops"], "injection_latency": r["latency"]["injection"]["average"],
                       "total_latency": r["latency"]["total"]["average"]}
                bad = [k for k in want if abs(want[k] - got[k]) > 1e-9]
                if not (net["p50"] == net["p99"] == latency and abs(net["average"] - latency) < 1e-9):
                    bad.append(f"network latency {net} (by hand {latency})")
                print(f"{name}, load {load}: {'ok' if not bad else 'DIFFERS in ' + ', '.join(bad)}")
                print(f"  model {want}\n  run   {got}")
                failures += bool(bad)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
