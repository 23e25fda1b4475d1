#!/usr/bin/env python3
"""Latency-throughput study from Python: MIN, Valiant and UGAL-L under uniform (UN) and adversarial (ADV+1)
traffic on a small Dragonfly, one hiradix.sweep, one pandas table and one matplotlib figure.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/latency_throughput.py --out out/latency_throughput

writes OUT/results.csv, summary.csv and timing.csv (the sweep; points/ holds every result.json) and
OUT/latency_throughput.png and .pdf: average packet latency against offered load, one panel per traffic
pattern, one curve per routing. A point that accepts less than 95% of its offered load has saturated (its
latency only measures the length of the run): it is drawn as an open marker on a dotted line.
"""

import argparse
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only: runs the same without a display (CI, SSH)
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

import hiradix  # noqa: E402

ROUTINGS = {"min": "MIN", "valiant": "VAL", "ugal": "UGAL-L"}  # the papers' names
# The colours and markers of `hiradix plot` (matplotlib's tab10 in the papers' order), so the figures match.
STYLE = {"min": ("#1f77b4", "s"), "valiant": ("#d62728", "o"), "ugal": ("#2ca02c", "^")}
PATTERNS = {"un": "UN", "adv": "ADV+1"}
SATURATED = 0.95  # accepted / offered below this: saturated (the criterion of `hiradix plot`)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default="out/latency_throughput", help="output directory (default: %(default)s)")
    p.add_argument("--h", type=int, default=2, help="Dragonfly h; p = h, a = 2h (default: %(default)s)")
    p.add_argument("--loads", default="0.05,0.1,0.15,0.2,0.3,0.4,0.5,0.6,0.7,0.8",
                   help="offered loads, comma-separated or start:stop:step (default: %(default)s)")
    p.add_argument("--warmup", type=int, default=3000, help="warm-up cycles (default: %(default)s)")
    p.add_argument("--measure", type=int, default=5000, help="measured cycles (default: %(default)s)")
    p.add_argument("--seeds", type=int, default=1, help="runs per point, averaged (default: %(default)s)")
    p.add_argument("-j", "--jobs", type=int, default=None, help="parallel simulations (default: cores)")
    return p.parse_args()


def run_sweep(args):
    """The sweep: the three routings x two patterns x the loads, on the same network and cycles."""
    config = {"topology": {"h": args.h},
              "traffic": {"offset": 1},  # ADV+1; UN ignores the offset
              "sim": {"warmup": args.warmup, "measure": args.measure}}
    loads = args.loads if ":" in args.loads else [float(x) for x in args.loads.split(",")]
    return hiradix.sweep(config, vary={"traffic.pattern": list(PATTERNS), "routing.algorithm": list(ROUTINGS),
                                       "traffic.load": loads},
                         seeds=args.seeds, jobs=args.jobs, out=args.out, quiet=False)


def curves(df):
    """Mean latency and loads per (pattern, routing, load) over the seeds, with the saturation flag; points
    that did not end ok (a deadlock) are left out, as `hiradix plot` does."""
    ok = df[df["status"] == "ok"]
    table = (ok.groupby(["traffic.pattern", "routing.algorithm", "traffic.load"], sort=False)
             [["offered_load", "accepted_load", "latency.total.average"]].mean().reset_index())
    table["saturated"] = table["accepted_load"] < SATURATED * table["offered_load"]
    return table


def network_title(out):
    """'Dragonfly h = 2 (p = 2, a = 4): 36 routers, 72 nodes' from a point's resolved config."""
    with open(os.path.join(out, "points", "0000.json")) as f:
        t = json.load(f)["config"]["topology"]
    p, a, h = t["p"], t["a"], t["h"]
    routers = a * (a * h + 1)
    return f"Dragonfly h = {h} (p = {p}, a = {a}): {routers:,} routers, {routers * p:,} nodes"


def nice(value, up):
    """The next 1, 2 or 5 x 10^k at or beyond value (upwards or downwards)."""
    k = math.floor(math.log10(value))
    steps = [m * 10.0**e for e in (k - 1, k, k + 1) for m in (1, 2, 5)]
    return min(s for s in steps if s >= value) if up else max(s for s in steps if s <= value)


def latency_axis(ax, table):
    """Log axis from and to a 1, 2, 5 x 10^k tic, tics written as plain numbers (50, 100, 200, not 10^2)."""
    y = table["latency.total.average"]
    ax.set_ylim(nice(y.min(), up=False), nice(y.max(), up=True))
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())


def draw_curve(ax, c, routing):
    """One routing: solid line and filled markers below saturation, dotted line and open markers from the
    last unsaturated point on."""
    colour, marker = STYLE[routing]
    c = c.sort_values("traffic.load")
    x, y, sat = c["traffic.load"].to_numpy(), c["latency.total.average"].to_numpy(), c["saturated"].to_numpy()
    below = ~sat
    ax.plot(x[below], y[below], color=colour, marker=marker, lw=1.8, ms=5)
    first = int(below.sum()) - 1 if below.any() else 0  # the dotted part starts at the last good point
    if sat.any():
        ax.plot(x[max(first, 0):], y[max(first, 0):], color=colour, lw=1.4, ls=":")
        ax.plot(x[sat], y[sat], ls="none", marker=marker, ms=5, mfc="white", mec=colour, mew=1.3)


def figure(table, title, path):
    plt.rcParams.update({"font.size": 9, "axes.titlesize": 10, "legend.fontsize": 8.5})
    fig, axes = plt.subplots(1, len(PATTERNS), figsize=(7.0, 3.1), sharey=True)
    for ax, (pattern, name) in zip(axes, PATTERNS.items()):
        for routing in ROUTINGS:
            c = table[(table["traffic.pattern"] == pattern) & (table["routing.algorithm"] == routing)]
            if len(c):
                draw_curve(ax, c, routing)
        ax.set_title(name)
        ax.set_yscale("log")
        latency_axis(ax, table)
        ax.set_xlabel("Offered load (phits/node/cycle)")
        ax.set_xlim(0, None)
        ax.grid(True, which="major", color="#dddddd", lw=0.7)
        ax.set_axisbelow(True)
    axes[0].set_ylabel("Average latency (cycles)")
    handles = [Line2D([], [], color=STYLE[r][0], marker=STYLE[r][1], lw=1.8, ms=5, label=n) for r, n in ROUTINGS.items()]
    handles.append(Line2D([], [], color="#444444", marker="o", ls=":", mfc="white", ms=5,
                          label="saturated (accepted < 95% of offered)"))
    # Below the panels, one legend for both (matplotlib 3.6, Debian 12's, has no "outside" legend placement).
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False)
    fig.suptitle(title)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    for p in (path, os.path.splitext(path)[0] + ".pdf"):
        fig.savefig(p, dpi=200)
    plt.close(fig)


def text_table(table, column, title, decimals):
    """One column of the curves as a load x (pattern, routing) table, patterns and routings in figure order."""
    named = table.assign(pattern=table["traffic.pattern"].map(PATTERNS), routing=table["routing.algorithm"].map(ROUTINGS))
    wide = named.pivot_table(index="traffic.load", columns=["pattern", "routing"], values=column)
    order = [(p, r) for p in PATTERNS.values() for r in ROUTINGS.values() if (p, r) in wide.columns]
    return f"{title}:\n{wide[order].round(decimals).to_string()}\n"


def main():
    args = parse_args()
    df = run_sweep(args)
    table = curves(df)
    print(text_table(table, "latency.total.average", "Average latency (cycles)", 1))
    print(text_table(table, "accepted_load", "Accepted load (phits/node/cycle)", 3))
    png = os.path.join(args.out, "latency_throughput.png")
    figure(table, network_title(args.out), png)
    print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
