#!/usr/bin/python3
"""agreement.py -- how often cdok's levels agree with Keen's and Solo's.

Three measures (issue 12, doc/LEVELS.md):

  keen      puzzles made by Keen's own generator at each size (4..9 by
            default) and level (e n h x u); Keen makes a puzzle only when
            its grader rates it exactly that level.  cdok grades each
            (cdok examine); bar: the same level for at least 90 %, at
            most one level apart for 99 %.
  solo      Killer puzzles made by Solo's generator at each level (t b i a
            e u); its letter is Solo's Sudoku-technique grade.  Bar: the
            same level for at least 85 %.
  generate  puzzles cdok makes with generate --level L -T (sizes 6 and 9,
            every level, a few seeds each), graded by Keen's grader
            (keensolver -g).  Bar: Keen rates at least 90 % of them L.

Seeds are strings Keen and Solo hash, fixed below (and none starts with
"pub-", the public corpus's prefix), so a run can be repeated; --tag
changes them all, for fresh puzzles.  The generators and graders are built
from ../shared/anchors/sgt-puzzles/ by build-sgt.sh into --sgt.

    python3 bench/levels/agreement.py [--cdok build/cdok] [--sgt DIR]
        [--count K] [--sizes 4,5,6,7,8,9] [--solo-count K] [--gen-count K]
        [--tag T] [--only keen,solo,generate] [--jobs J]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

KEEN = ["easy", "normal", "hard", "extreme", "unreasonable"]
KEEN_CODES = "enhxu"
SOLO = ["trivial", "basic", "intermediate", "advanced", "extreme",
        "unreasonable"]
SOLO_CODES = "tbiaeu"


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


def cdok_levels(cdok, ids):
    """The level cdok gives each game ID (None when not graded)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(ids) + "\n")
        path = f.name
    try:
        out = run([cdok, "examine", "--to", "json", path]).stdout
    finally:
        os.unlink(path)
    levels = []
    for line in out.splitlines():
        doc = json.loads(line)
        grade = doc.get("grade", {})
        levels.append(grade.get("level") if grade.get("outcome") == "level"
                      else None)
    if len(levels) != len(ids):
        sys.exit("cdok examine gave %d results for %d puzzles" %
                 (len(levels), len(ids)))
    return levels


def report(title, rows, names):
    """rows: (class, wanted level, got level).  Prints a table and the
    totals; returns (same, within one, total)."""
    same = near = total = 0
    by_class = {}
    for cls, want, got in rows:
        c = by_class.setdefault(cls, [0, 0, 0])
        c[2] += 1
        total += 1
        if got == want:
            c[0] += 1
            same += 1
        if got in names and abs(names.index(got) - names.index(want)) <= 1:
            c[1] += 1
            near += 1
    print("\n%s" % title)
    print("  %-14s %7s %7s %7s" % ("class", "puzzles", "same", "within1"))
    def order(cls):
        # By size, then level: "9x" and "6 hard" alike.
        size = "".join(ch for ch in cls if ch.isdigit())
        rest = cls[len(size):].strip()
        rank = next((i for i, n in enumerate(names)
                     if rest in (n, n[0]) or (len(rest) == 1 and
                     rest == (KEEN_CODES if names is KEEN
                              else SOLO_CODES)[i])), 99)
        return (int(size or 0), rank)
    for cls in sorted(by_class, key=order):
        s, n1, t = by_class[cls]
        print("  %-14s %7d %6.1f%% %6.1f%%" % (cls, t, 100.0 * s / t,
                                              100.0 * n1 / t))
    if total:
        print("  %-14s %7d %6.1f%% %6.1f%%" % ("all", total,
                                              100.0 * same / total,
                                              100.0 * near / total))
    misses = [r for r in rows if r[1] != r[2]]
    for cls, want, got in misses[:20]:
        print("  differs: %s wanted %s, cdok says %s" % (cls, want, got))
    sys.stdout.flush()
    return same, near, total


def keen_measure(a):
    jobs = [(size, code) for size in a.sizes for code in KEEN_CODES]

    def one(job):
        size, code = job
        out = run([os.path.join(a.sgt, "keengen"), str(a.count),
                   "%dd%s#agree%s-%d%s" % (size, code, a.tag, size, code)])
        ids = out.stdout.split()
        return [("%d%s" % (size, code), KEEN[KEEN_CODES.index(code)], got)
                for got in cdok_levels(a.cdok, ids)]

    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(one, jobs):
            rows += r
    return report("Keen-made puzzles graded by cdok (%d per class)" %
                  a.count, rows, KEEN)


def solo_measure(a):
    def one(code):
        # Extreme and Unreasonable Killer puzzles take Solo long: fewer.
        count = a.solo_count if code in "tbia" else max(1, a.solo_count // 2)
        ids = []
        for k in range(count):
            out = run([os.path.join(a.sgt, "sologen"), "1",
                       "3x3kd%s#agree%s-k%s-%d" % (code, a.tag, code, k)],
                      timeout=600)
            ids += out.stdout.split()
        return [("9" + code, SOLO[SOLO_CODES.index(code)], got)
                for got in cdok_levels(a.cdok, ids)]

    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(one, SOLO_CODES):
            rows += r
    return report("Solo-made Killer puzzles graded by cdok (Solo's "
                  "Sudoku-technique level)", rows, SOLO)


def generate_measure(a):
    jobs = [(size, level) for size in (6, 9) for level in KEEN]

    def one(job):
        size, level = job
        out = run([a.cdok, "-T", "-s", str(size), "--seed", "900",
                   "--count", str(a.gen_count), "--level", level,
                   "--to", "keen", "generate"])
        rows = []
        for gid in out.stdout.split():
            g = run([os.path.join(a.sgt, "keensolver"), "-g", gid]).stdout
            got = g.split(":")[-1].strip().lower()
            rows.append(("%d %s" % (size, level), level, got))
        return rows

    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(one, jobs):
            rows += r
    return report("generate --level L -T, graded by Keen", rows, KEEN)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cdok", default="build/cdok")
    ap.add_argument("--sgt", default="/tmp/cdok-sgt")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--sizes", default="4,5,6,7,8,9")
    ap.add_argument("--solo-count", type=int, default=20)
    ap.add_argument("--gen-count", type=int, default=10)
    ap.add_argument("--tag", default="")
    ap.add_argument("--only", default="keen,solo,generate")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    a.sizes = [int(s) for s in a.sizes.split(",")]
    if not os.access(os.path.join(a.sgt, "keengen"), os.X_OK):
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run(["sh", os.path.join(here, "build-sgt.sh"), a.sgt],
                       check=True)
    only = a.only.split(",")
    if "keen" in only:
        keen_measure(a)
    if "solo" in only:
        solo_measure(a)
    if "generate" in only:
        generate_measure(a)


if __name__ == "__main__":
    main()
