#!/usr/bin/python3
"""killer_cut.py -- random Killer Sudoku puzzles for the benchmark: new
cages cut from the Sudoku grids of the Killer corpus, so that searches
are long (most have several solutions).  Not part of make check.

    bench/killer_cut.py [--seed S] [--rounds R] OUTDIR

Each grid of tests/data/corpus/killer/killer_k*.sol is cut R times
(default 2): cells in random order each start a cage that grows to a
random size of 3 to 6 cells through random neighbours whose values are
not in it yet; a one-cell cage is merged into a neighbouring cage that
lacks its value (or, when none does, becomes a given).  Every cage is
a sum of distinct values (the spec's `@distinct`), with 3 x 3 boxes.  Writes OUTDIR/kr_NNN.spec;
an existing file is never replaced (the run stops with an error).  The
cut depends on the seed and the corpus alone.
"""

import argparse
import glob
import os
import random
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LABELS = ([chr(c) for c in range(ord("A"), ord("Z") + 1)] +
          [chr(c) for c in range(ord("a"), ord("z") + 1)])


def neighbours(cell):
    r, c = divmod(cell, 9)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 9 and 0 <= c + dc < 9:
            yield (r + dr) * 9 + c + dc


def cut(grid, rnd):
    """The cages (lists of cells) of one random cut of a solved grid."""
    cage_of = [-1] * 81
    cages = []
    order = list(range(81))
    rnd.shuffle(order)
    for start in order:
        if cage_of[start] >= 0:
            continue
        want = rnd.randint(3, 6)
        cells, vals = [start], {grid[start]}
        cage_of[start] = len(cages)
        while len(cells) < want:
            grow = [n for c in cells for n in neighbours(c)
                    if cage_of[n] < 0 and grid[n] not in vals]
            if not grow:
                break
            n = rnd.choice(grow)
            cells.append(n)
            vals.add(grid[n])
            cage_of[n] = len(cages)
        cages.append(cells)
    for i, cells in enumerate(cages):
        if len(cells) != 1:
            continue
        c = cells[0]
        for n in neighbours(c):
            j = cage_of[n]
            if j != i and grid[c] not in (grid[x] for x in cages[j]):
                cages[j].append(c)
                cage_of[c] = j
                cages[i] = []
                break
    return [c for c in cages if c]


def spec(grid, cages):
    label = {}
    for i, cells in enumerate(cages):
        for c in cells:
            label[c] = i
    rows, named = [], set()
    for r in range(9):
        row = []
        for c in range(r * 9, r * 9 + 9):
            i = label[c]
            if len(cages[i]) == 1:
                # A cell no neighbouring cage could take: a given.
                row.append(str(grid[c]))
                continue
            text = LABELS[i]
            if i not in named:
                named.add(i)
                text += "+%d" % sum(grid[x] for x in cages[i])
            row.append(text)
        rows.append("\t".join(row))
    return "@boxes 3x3\n@distinct\n" + "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("outdir")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    sols = sorted(glob.glob(os.path.join(
        REPO, "tests", "data", "corpus", "killer", "killer_k*.sol")))
    if not sols:
        sys.exit("killer_cut.py: no killer_k*.sol in the corpus")
    os.makedirs(args.outdir, exist_ok=True)
    k = 0
    for _ in range(args.rounds):
        for path in sols:
            with open(path) as f:
                grid = [int(x) for x in f.read().split()]
            cages = cut(grid, rnd)
            if len(grid) != 81 or len(cages) > len(LABELS):
                continue
            k += 1
            out = os.path.join(args.outdir, "kr_%03d.spec" % k)
            try:
                with open(out, "x") as f:
                    f.write(spec(grid, cages))
            except FileExistsError:
                sys.exit("killer_cut.py: %s exists; not replaced" % out)
    print("%d puzzles in %s" % (k, args.outdir))


if __name__ == "__main__":
    main()
