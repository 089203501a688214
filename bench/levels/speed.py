#!/usr/bin/python3
"""speed.py -- how fast cdok makes puzzles of a level, against Keen.

For each seed S (11, 12, 13 by default) and level, times

    cdok -T -s 9 --seed S --count 5 --level LEVEL generate
    keengen 5 '9dL#S'      (Keen's own generator, bench/levels/build-sgt.sh)

each REPEAT times (default 5), the two interleaved so that the machine's
load falls on both alike, and prints the median wall time of each, their
ratio (Keen / cdok), and per level the median ratio over the seeds: the
bar of issue 12 is at least 5 at hard and 10 at extreme.

    python3 bench/levels/speed.py [--cdok build/cdok] [--sgt /tmp/cdok-sgt]
        [--levels hard,extreme] [--seeds 11,12,13] [--repeat 5] [--size 9]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

CODES = {"easy": "e", "normal": "n", "hard": "h", "extreme": "x",
         "unreasonable": "u"}


def wall(cmd):
    t = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.monotonic() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cdok", default="build/cdok")
    ap.add_argument("--sgt", default="/tmp/cdok-sgt")
    ap.add_argument("--levels", default="hard,extreme")
    ap.add_argument("--seeds", default="11,12,13")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--size", type=int, default=9)
    a = ap.parse_args()
    keengen = os.path.join(a.sgt, "keengen")
    if not os.access(keengen, os.X_OK):
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run(["sh", os.path.join(here, "build-sgt.sh"), a.sgt],
                       check=True)
    print("level        seed  cdok s   keen s   keen/cdok")
    for level in a.levels.split(","):
        ratios = []
        for seed in a.seeds.split(","):
            ours, theirs = [], []
            for _ in range(a.repeat):
                ours.append(wall([a.cdok, "-T", "-s", str(a.size), "--seed",
                                  seed, "--count", "5", "--level", level,
                                  "generate"]))
                theirs.append(wall([keengen, "5", "%dd%s#%s" %
                                    (a.size, CODES[level], seed)]))
            o, t = statistics.median(ours), statistics.median(theirs)
            ratios.append(t / o)
            print("%-12s %4s  %7.3f  %7.3f  %6.1f" % (level, seed, o, t,
                                                        t / o))
        print("%-12s median ratio %.1f" % (level, statistics.median(ratios)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
