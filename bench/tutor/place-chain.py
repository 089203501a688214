#!/usr/bin/env python3
"""place-chain.py [-n N] [--seed S] [CDOK] -- hint --place chained from
the empty grid (issue 39, item 4), on held-out puzzles: Keen 9 x 9 Hard
and Solo Killer Advanced that CDOK generates from seeds S, S+1, ...
(cdok's own seeds; the corpus holds none of them).

For each puzzle, `cdok hint --place --apply --state game.txt` is run
until the grid is full; every hint (the '#' line) is measured and every
value it places checked against the puzzle's solution.  Prints per kind
the number of hints, the median and largest length in characters, how
many are over 300 and 800, and the wrong values; exits 1 when a value is
wrong or the chain stops short.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

KINDS = (("Keen 9x9 Hard", ["-s", "9", "--level", "hard"]),
         ("Killer Advanced", ["--killer", "--level", "advanced"]))


def grid_of(text):
    rows = [r.split() for r in text.splitlines()
            if r.strip() and not r.startswith("#")]
    return [[0 if x == "." else int(x) for x in r] for r in rows]


def chain(cdok, puzzle, tmp):
    solved = subprocess.run([cdok, "--to", "json", "solve", puzzle],
                            capture_output=True, text=True,
                            check=True).stdout
    solution = json.loads(solved)["solutions"][0]
    state = os.path.join(tmp, "game.txt")
    open(state, "w").close()
    hints, wrong = [], 0
    while True:
        p = subprocess.run([cdok, "hint", "--place", "--apply", "--state",
                            state, puzzle], capture_output=True, text=True)
        if p.returncode == 9:
            break
        if p.returncode != 0:
            return hints, wrong, False
        head = p.stdout.splitlines()[0]
        hints.append(head[2:] if head.startswith("# ") else head)
        new = grid_of(p.stdout)
        old = grid_of(open(state).read()) if os.path.getsize(state) else None
        for r, row in enumerate(new):
            for c, v in enumerate(row):
                if v and (old is None or not old[r][c]) and \
                        v != solution[r][c]:
                    wrong += 1
        with open(state, "w") as f:
            f.write(p.stdout)
    return hints, wrong, True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=4, help="puzzles per kind")
    ap.add_argument("--seed", type=int, default=90001)
    ap.add_argument("--show", action="store_true",
                    help="print the longest hint of each kind")
    ap.add_argument("cdok", nargs="?",
                    default=os.path.join(REPO, "build", "cdok"))
    a = ap.parse_args()
    bad = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, opts in KINDS:
            lengths, wrong, stopped = [], 0, 0
            longest = ""
            for k in range(a.n):
                puzzle = os.path.join(tmp, "p.txt")
                with open(puzzle, "w") as f:
                    subprocess.run([a.cdok, *opts, "--seed",
                                    str(a.seed + k), "generate"],
                                   stdout=f, check=True)
                hints, w, done = chain(a.cdok, puzzle, tmp)
                lengths += [len(h) for h in hints]
                wrong += w
                stopped += not done
                longest = max([longest] + hints, key=len)
            bad |= wrong > 0 or stopped > 0
            print(f"{name}: {a.n} puzzles, {len(lengths)} hints, median "
                  f"{statistics.median(lengths):.0f} characters, largest "
                  f"{max(lengths)}, over 300: {sum(x > 300 for x in lengths)}"
                  f", over 800: {sum(x > 800 for x in lengths)}, wrong "
                  f"values: {wrong}, chains stopped short: {stopped}")
            if a.show:
                print("  longest:", longest)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
