#!/usr/bin/env python3
"""Writes a hiradix trace (config/trace_file.h: "<cycle> <source> <destination> <packets>" per line) of one
communication phase, for traffic.pattern: trace.

  alltoall  every node sends one message to every other node; node s's k-th message (k = 1 .. N-1) goes to
            (s + k) mod N at cycle start + (k - 1) * gap (a staggered all-to-all, no two sources aiming at
            the same node in a step).
  ptrans    HPCC PTRANS's communication (seed-001 §4.4): the matrix transpose A + A^T on a P x P process
            grid, process (i, j) sending its block to process (j, i) (the diagonal sends nothing), as
            --repeat transposes spaced --gap cycles apart. --copies K runs K instances side by side (the
            seed fills its 2,304 nodes with four copies of a 576-task trace): copy c's process (i, j) is
            node c * P^2 + i * P + j, so N = K * P^2.

Example:  tools/trace/make_trace.py alltoall --nodes 64 --packets 2 --gap 50 > a2a.trace
          build/hiradix run testbench/configs/mesh8x8_un_dor.yaml --set traffic.pattern=trace \\
            --set traffic.trace_file=a2a.trace --set sim.warmup=0 --set sim.measure=20000
"""
import argparse
import math
import sys


def alltoall(nodes, packets, start, gap):
    for k in range(1, nodes):
        for s in range(nodes):
            yield start + (k - 1) * gap, s, (s + k) % nodes, packets


def ptrans(nodes, packets, start, gap, repeat, copies):
    tasks = nodes // copies
    q = math.isqrt(tasks)
    if nodes % copies or q * q != tasks:
        sys.exit(f"ptrans needs N / copies to be a square (a P x P grid per copy); got {nodes} nodes, {copies} copies")
    for r in range(repeat):
        for c in range(copies):
            for i in range(q):
                for j in range(q):
                    if i != j:
                        yield start + r * gap, c * tasks + i * q + j, c * tasks + j * q + i, packets


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("phase", choices=["alltoall", "ptrans"])
    p.add_argument("--nodes", type=int, required=True, help="nodes of the network (N >= 2)")
    p.add_argument("--packets", type=int, default=1, help="packets per message (default 1)")
    p.add_argument("--start", type=int, default=0, help="cycle of the first messages (default 0)")
    p.add_argument("--gap", type=int, default=100, help="cycles between steps (default 100)")
    p.add_argument("--repeat", type=int, default=1, help="ptrans: transposes (default 1)")
    p.add_argument("--copies", type=int, default=1, help="ptrans: instances side by side (default 1)")
    a = p.parse_args()
    if a.nodes < 2 or a.packets < 1 or a.start < 0 or a.gap < 0 or a.repeat < 1 or a.copies < 1:
        sys.exit("need --nodes >= 2, --packets >= 1, --start >= 0, --gap >= 0, --repeat >= 1, --copies >= 1")
    if a.phase == "alltoall":
        messages = alltoall(a.nodes, a.packets, a.start, a.gap)
    else:
        messages = list(ptrans(a.nodes, a.packets, a.start, a.gap, a.repeat, a.copies))  # checks N first
    print(f"# hiradix trace: {a.phase} on {a.nodes} nodes, {a.packets} packet(s) per message")
    print("# made by: tools/trace/make_trace.py " + " ".join(sys.argv[1:]))
    print("# cycle source destination packets")
    for m in messages:
        print(*m)


if __name__ == "__main__":
    main()
