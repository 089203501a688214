#!/usr/bin/python3
"""Plain Sudoku levels: cdok against Solo's own grader.

Each FILE holds Solo game IDs of plain Sudoku, one per line (made, for
example, with Debian's Solo: `sgt-solo --generate 100 3x3dL > L.txt` for
L in t b i a e u).  Every ID is graded by Solo's standalone grader
(`solosolver -g`, built from ../shared/anchors/sgt-puzzles/ by
build-sgt.sh) and by `cdok examine --to json`; the script prints, per
file and in all, how often the two name the same level, and lists the
IDs where they differ with both levels.

    python3 bench/levels/sudoku.py [--cdok build/cdok] [--sgt DIR] FILE...
"""
import argparse
import json
import os
import subprocess
import sys

# Solo's level names as its grader prints them, and cdok's codes.
SOLO = {"Trivial": "t", "Basic": "b", "Intermediate": "i",
        "Advanced": "a", "Extreme": "e", "Unreasonable": "u"}
ORDER = "tbiaeu"


def solo_level(solosolver, gid):
    out = subprocess.run([solosolver, "-g", gid], capture_output=True,
                         text=True, check=True).stdout
    word = out.split(":", 1)[1].split()[0]
    return SOLO.get(word, "?" + word)


def cdok_levels(cdok, path):
    out = subprocess.run([cdok, "examine", "--to", "json", path],
                         capture_output=True, text=True).stdout
    levels = []
    for line in out.splitlines():
        doc = json.loads(line)
        grade = doc.get("grade", {})
        levels.append(grade.get("code") or grade.get("outcome", "?"))
    return levels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cdok", default="build/cdok")
    ap.add_argument("--sgt", default="/tmp/cdok-sgt")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    solosolver = os.path.join(a.sgt, "solosolver")
    if not os.access(solosolver, os.X_OK):
        subprocess.run(["sh", os.path.join(here, "build-sgt.sh"), a.sgt],
                       check=True)
    total = same = 0
    for path in a.files:
        ids = [l.strip() for l in open(path) if l.strip()]
        ours = cdok_levels(a.cdok, path)
        if len(ours) != len(ids):
            sys.exit("%s: %d IDs but %d grades from cdok" %
                     (path, len(ids), len(ours)))
        agree = 0
        for gid, mine in zip(ids, ours):
            theirs = solo_level(solosolver, gid)
            if theirs == mine:
                agree += 1
            else:
                print("  differ: solo %s cdok %s %s" % (theirs, mine, gid))
        total += len(ids)
        same += agree
        print("%-24s %4d IDs, same level %4d (%.1f %%)" %
              (os.path.basename(path), len(ids), agree,
               100.0 * agree / max(1, len(ids))))
    print("%-24s %4d IDs, same level %4d (%.1f %%)" %
          ("all", total, same, 100.0 * same / max(1, total)))


if __name__ == "__main__":
    main()
