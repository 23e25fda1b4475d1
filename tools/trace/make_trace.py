#!/usr/bin/env python3
"""Writes a hiradix trace (config/trace_file.h: "<cycle> <source> <destination> <packets>" per line) of one
communication phase, for traffic.pattern: trace.

  alltoall  every node sends one message to every other node; node s's k-th message (k = 1 .. N-1) goes to
            (s + k) mod N at cycle start + (k - 1) * gap (a staggered all-to-all, no two sources aiming at
            the same node in a step).
  ptrans    HPCC PTRANS's communication (seed-001 §4.4): the matrix transpose A + A^T on a P x Q process
            grid, node = row * Q + col; node (i, j) sends its block to node (j, i) (P = Q; the diagonal
            sends nothing), as --repeat transposes spaced --gap cycles apart.

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


def ptrans(nodes, packets, start, gap, repeat):
    q = math.isqrt(nodes)
    if q * q != nodes:
        sys.exit(f"ptrans needs a square number of nodes (a P x P grid); got {nodes}")
    for r in range(repeat):
        for i in range(q):
            for j in range(q):
                if i != j:
                    yield start + r * gap, i * q + j, j * q + i, packets


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("phase", choices=["alltoall", "ptrans"])
    p.add_argument("--nodes", type=int, required=True, help="nodes of the network (N >= 2)")
    p.add_argument("--packets", type=int, default=1, help="packets per message (default 1)")
    p.add_argument("--start", type=int, default=0, help="cycle of the first messages (default 0)")
    p.add_argument("--gap", type=int, default=100, help="cycles between steps (default 100)")
    p.add_argument("--repeat", type=int, default=1, help="ptrans: transposes (default 1)")
    a = p.parse_args()
    if a.nodes < 2 or a.packets < 1 or a.start < 0 or a.gap < 0 or a.repeat < 1:
        sys.exit("need --nodes >= 2, --packets >= 1, --start >= 0, --gap >= 0, --repeat >= 1")
    messages = alltoall(a.nodes, a.packets, a.start, a.gap) if a.phase == "alltoall" else ptrans(a.nodes, a.packets, a.start, a.gap, a.repeat)
    print(f"# hiradix trace: {a.phase} on {a.nodes} nodes, {a.packets} packet(s) per message")
    print("# cycle source destination packets")
    for m in messages:
        print(*m)


if __name__ == "__main__":
    main()
