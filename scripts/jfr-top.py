#!/usr/bin/env python3
"""The hottest frames of a Java Flight Recorder file's execution samples, as JDK 17's `jfr` tool
prints them: the share of samples each frame tops (self) and appears in (total). --only and
--without keep the samples whose stack has, or has not, a frame matching a regular expression,
so that one path of a run that takes several can be read alone (docs/simulation.md)."""
import argparse
import collections
import re
import subprocess
import sys


def samples(jfr_file):
    out = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", jfr_file],
                         check=True, capture_output=True, text=True).stdout
    for event in out.split("jdk.ExecutionSample")[1:]:
        m = re.search(r"stackTrace = \[(.*?)\n\s*\]", event, re.S)
        if not m:
            continue
        frames = [re.sub(r"\s+line:.*", "", f.strip()) for f in m.group(1).split("\n")]
        frames = [f for f in frames if f and not f.startswith("...")]
        if frames:
            yield frames


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("file", help="a .jfr recording")
    p.add_argument("--only", help="keep samples with a frame matching this regular expression")
    p.add_argument("--without", help="drop samples with a frame matching this regular expression")
    p.add_argument("--top", type=int, default=12, help="frames listed (default 12)")
    a = p.parse_args()
    if a.top < 1:
        sys.exit("jfr-top: --top must be >= 1, got %d" % a.top)
    own, anywhere, n = collections.Counter(), collections.Counter(), 0
    for frames in samples(a.file):
        if a.only and not any(re.search(a.only, f) for f in frames):
            continue
        if a.without and any(re.search(a.without, f) for f in frames):
            continue
        n += 1
        own[frames[0]] += 1
        anywhere.update(set(frames))
    if n == 0:
        sys.exit("jfr-top: no execution sample kept in " + a.file)
    print("%d samples" % n)
    for title, counts in (("self", own), ("total", anywhere)):
        print(title + ":")
        for frame, c in counts.most_common(a.top):
            print("  %5.1f %%  %s" % (100.0 * c / n, frame))


if __name__ == "__main__":
    main()
