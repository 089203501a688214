#!/usr/bin/env python3
"""same-steps.py OLD NEW -- whether two builds of cdok grade and step
the same way while their words may differ (issue 39: the explanations'
texts change on purpose, the levels and steps must not).

On every puzzle of tests/data/corpus: `examine` byte for byte; `explain
--all-steps --to json` and `explain --to json` with each step's words
(text, reasons, where, what) left out; the level and step count of
`explain`'s first line.  Prints what differs; exits 1 if anything does.

Sums of lines (issue 39, item 8) change the steps of Calcudoku
explanations on purpose, never a grade: where the new build's steps use
"line-sum", their steps and step counts may differ (counted apart, as
"steps with sums of lines"); the grade, the level and everything else
must not.
"""
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
CORPUS = os.path.join(REPO, "tests", "data", "corpus")
WORDS = ("text", "reasons", "where", "what")


def run(cdok, *args):
    p = subprocess.run([cdok, *args], capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout


def steps(cdok, *args):
    code, out = run(cdok, "--to", "json", "explain", *args)
    docs = []
    for line in out.splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        for s in d.get("steps", []):
            for w in WORDS:
                s.pop(w, None)
        docs.append((d.get("grade"), d.get("steps")))
    return code, docs


def first_line(cdok, path):
    code, out = run(cdok, "explain", path)
    line = out.splitlines()[0] if out else ""
    # "Level: Hard (score 305, difficulty 30305), 36 steps" or
    # "Level: Hard, 36 steps": the level and the count.
    if "(" in line:
        line = line[:line.index(" (")] + line[line.index(")") + 1:]
    return code, line


def grades(result):
    """The grades of a steps() result, without the steps."""
    return result[0], [g for g, _ in result[1]]


def sums_of_lines(result):
    return any(s.get("technique") == "line-sum"
               for _, st in result[1] for s in (st or []))


def main():
    old, new = sys.argv[1], sys.argv[2]
    files = []
    for root, _, names in os.walk(CORPUS):
        for n in names:
            if n.endswith((".spec", ".json", ".txt", ".keen", ".solo")):
                files.append(os.path.join(root, n))
    files.sort()
    bad = sums = 0
    for f in files:
        ex_old, ex_new = run(old, "examine", f), run(new, "examine", f)
        if ex_old != ex_new:
            print(f"{os.path.relpath(f, REPO)}: examine differ")
            bad += 1
        moved = False
        for what, args in (("all steps", ("--all-steps", f)),
                           ("brief steps", (f,))):
            a, b = steps(old, *args), steps(new, *args)
            if grades(a) != grades(b):
                print(f"{os.path.relpath(f, REPO)}: {what}: grade differ")
                bad += 1
            elif a != b and sums_of_lines(b):
                moved = True
            elif a != b:
                print(f"{os.path.relpath(f, REPO)}: {what} differ")
                bad += 1
        a, b = first_line(old, f), first_line(new, f)
        if a != b:
            level_a = a[1].rsplit(",", 1)[0]
            level_b = b[1].rsplit(",", 1)[0]
            if (a[0], level_a) != (b[0], level_b) or not moved:
                print(f"{os.path.relpath(f, REPO)}: first line differ")
                bad += 1
        sums += moved
    print(f"same-steps: {len(files)} puzzles, {bad} differences; "
          f"{sums} with steps changed by sums of lines")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
