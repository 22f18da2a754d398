#!/usr/bin/env python3
"""How early and how steadily senders lead their receivers in a DUMPI text trace (tracer/).

    scripts/trace-leads.py TRACE_DIR... [--rndv-threshold BYTES]

Per trace, over point-to-point receives of at least BYTES (default 16384, rendezvous in seed
003), each paired with its message as `tagmatch trace offload` pairs them (the k-th receive of a
sender, receiver, tag and communicator gets the k-th such send, arriving when the send entered):

- the share of messages sent before their receive was posted (unexpected), and by how much the
  sender led at the quartiles;
- the share of receives whose message came early while the same sender's previous message to
  this receiver came late. Seed 003's adaptive engine offloads a receive from a peer whose last
  message came late, and such a receive is then cancelled: one minus this share approximates its
  success rate (offloaded − cancelled) / offloaded, the engine's cost threshold K and cancel
  cut-off aside.

Wildcard receives (MPI_ANY_SOURCE, MPI_ANY_TAG) are left out: which message they got is not
determined by the trace. Sizes are the tracer's `bytes` field (traces recorded before it wrote
one show no receive); no tagmatch code is needed.
"""
import argparse
import collections
import glob
import gzip
import os
import re
import sys

ENTER = re.compile(r"(MPI_\w+) entering at walltime ([\d.]+)")
FIELD = re.compile(r"\S+ (\w+)=(-?\d+)")
RECEIVES = ("MPI_Irecv", "MPI_Recv")
SENDS = ("MPI_Isend", "MPI_Send", "MPI_Ssend", "MPI_Issend", "MPI_Rsend", "MPI_Irsend", "MPI_Bsend", "MPI_Ibsend")


def records(path):
    """(call, entry time, fields) of every record of one rank file."""
    opener = gzip.open if path.endswith(".gz") else open
    call = None
    with opener(path, "rt") as f:
        for line in f:
            m = ENTER.match(line)
            if m:
                call, time, fields = m.group(1), float(m.group(2)), {}
                continue
            if call is None:
                continue
            m = FIELD.match(line)
            if m:
                fields[m.group(1)] = int(m.group(2))
            elif " returning " in line:
                yield call, time, fields
                call = None


def leads(trace, threshold):
    """Per (sender, receiver, communicator): (post time, send time − post time) in posting order."""
    posts, sends = collections.defaultdict(list), collections.defaultdict(list)
    files = sorted(glob.glob(os.path.join(trace, "*-[0-9][0-9][0-9][0-9].txt*")))
    if not files:
        sys.exit(f"trace-leads.py: no rank files in {trace}")
    for path in files:
        rank = int(re.search(r"-(\d{4})\.txt", path).group(1))
        for call, time, f in records(path):
            if f.get("bytes", -1) < threshold:
                continue
            if call in RECEIVES and f["source"] >= 0 and f["tag"] >= 0:
                posts[(f["source"], rank, f["tag"], f["comm"])].append(time)
            elif call in SENDS:
                sends[(rank, f["dest"], f["tag"], f["comm"])].append(time)
    pairs = collections.defaultdict(list)
    for key, times in posts.items():
        for posted, sent in zip(times, sends.get(key, [])):
            pairs[(key[0], key[1], key[3])].append((posted, sent - posted))
    return pairs


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("traces", nargs="+", metavar="TRACE_DIR")
    p.add_argument("--rndv-threshold", type=int, default=16384, metavar="BYTES")
    a = p.parse_args()
    print(f"{'trace':24} {'rndv':>6} {'unexp%':>7} {'lead q1/q2/q3 of unexpected, us':>34} {'early after late%':>18}")
    for trace in a.traces:
        pairs = leads(trace, a.rndv_threshold)
        early = sorted(-d for l in pairs.values() for _, d in l if d < 0)
        total = sum(len(l) for l in pairs.values())
        after_late = flipped = 0
        for l in pairs.values():
            l.sort()
            for (_, d1), (_, d2) in zip(l, l[1:]):
                if d1 >= 0:
                    after_late += 1
                    flipped += d2 < 0
        q = "/".join(f"{early[int(f * (len(early) - 1))] * 1e6:.0f}" for f in (0.25, 0.5, 0.75)) if early else "-"
        name = os.path.basename(os.path.normpath(trace))
        print(f"{name:24} {total:6} {100 * len(early) / max(total, 1):7.1f} {q:>34} "
              f"{100 * flipped / max(after_late, 1):18.1f}")


if __name__ == "__main__":
    main()
