#!/usr/bin/env python3
"""same-steps.py OLD NEW -- whether two builds of cdok grade and step
the same way while their words may differ (issue 39: the explanations'
texts change on purpose, the levels and steps must not).

On every puzzle of tests/data/corpus: `examine` byte for byte; `explain
--all-steps --to json` and `explain --to json` with each step's words
(text, reasons, where, what) left out; the level and step count of
`explain`'s first line.  Prints what differs; exits 1 if anything does.
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


def main():
    old, new = sys.argv[1], sys.argv[2]
    files = []
    for root, _, names in os.walk(CORPUS):
        for n in names:
            if n.endswith((".spec", ".json", ".txt", ".keen", ".solo")):
                files.append(os.path.join(root, n))
    files.sort()
    bad = 0
    for f in files:
        checks = [("examine", lambda c: run(c, "examine", f)),
                  ("all steps", lambda c: steps(c, "--all-steps", f)),
                  ("brief steps", lambda c: steps(c, f)),
                  ("first line", lambda c: first_line(c, f))]
        for what, fn in checks:
            if fn(old) != fn(new):
                print(f"{os.path.relpath(f, REPO)}: {what} differ")
                bad += 1
    print(f"same-steps: {len(files)} puzzles, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
