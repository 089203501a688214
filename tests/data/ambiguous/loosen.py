#!/usr/bin/env python3
"""loosen.py N [SEED [CDOK]] -- a puzzle cdok generate makes, loosened
until it has several solutions: somewhere in its solution four cells at
the corners of a rectangle read a b / b a; every cage inside that
rectangle is merged into one sum cage of their total.  Swapping a and b
keeps every row, column and cage right, so the loosened puzzle has a
second solution, and its one cage is large.  How the files beside it
were made (README.md)."""
import re
import subprocess
import sys

n = int(sys.argv[1])
seed = sys.argv[2] if len(sys.argv) > 2 else "1"
cdok = sys.argv[3] if len(sys.argv) > 3 else "build/cdok"
gen = [cdok, "-s", str(n), "--seed", seed, "--timeout", "300", "generate"]
if n <= 32:
    gen[1:1] = ["--max-cage", "6"]
spec = subprocess.run(gen, capture_output=True, text=True,
                      check=True).stdout.split("\n\n")[0]
cells = [l.split() for l in spec.split("\n") if l.strip()]
# A cell's cage label, or None for a given.
lab = [[(re.match(r"[A-Za-z]+", t).group(0) if re.match(r"[A-Za-z]", t)
         else None) for t in row] for row in cells]
solved = subprocess.run([cdok, "solve"], input=spec + "\n",
                        capture_output=True, text=True, check=True).stdout
sol = [list(map(int, l.split()))
       for l in solved.split("\n\n")[0].split("\n") if l.strip()]


def smallest_rectangle():
    best = None
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                    if (sol[r1][c1] == sol[r2][c2] and
                            sol[r1][c2] == sol[r2][c1] and
                            all(lab[r][c] for r, c in corners)):
                        area = (r2 - r1 + 1) * (c2 - c1 + 1)
                        if best is None or area < best[0]:
                            best = (area, r1, r2, c1, c2)
    return best[1:]


r1, r2, c1, c2 = smallest_rectangle()
# Every cage in the rectangle: connected, and its sum the same after
# the swap.
merge = {lab[r][c] for r in range(r1, r2 + 1)
         for c in range(c1, c2 + 1)} - {None}
total = sum(sol[r][c] for r in range(n) for c in range(n)
            if lab[r][c] in merge)
new = min(merge)
first = True
rows = []
for r in range(n):
    row = []
    for c in range(n):
        t = cells[r][c]
        if lab[r][c] in merge:
            t = new + ("+%d" % total if first else "")
            first = False
        row.append(t)
    rows.append("\t".join(row))
print("\n".join(rows))
