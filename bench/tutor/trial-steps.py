#!/usr/bin/env python3
"""trial-steps.py [CDOK] -- how the trial steps of the corpus are taught
(issue 39): every step of `explain --all-steps --to json` on every
puzzle of tests/data/corpus whose technique is "guess" (trial and error), and, of those,
the steps that still fall back to "a search shows it" for some
candidate instead of naming a contradiction.  -v prints each such step.
Exits 1 when one falls back.
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
CORPUS = os.path.join(REPO, "tests", "data", "corpus")
FALLBACK = "a search shows it"


def trial_steps(cdok, path):
    p = subprocess.run([cdok, "--to", "json", "explain", "--all-steps",
                        path], capture_output=True, text=True, timeout=300)
    out = []
    for i, line in enumerate(p.stdout.splitlines()):
        try:
            d = json.loads(line)
        except ValueError:
            continue
        for k, s in enumerate(d.get("steps") or []):
            if s.get("technique") == "guess":
                out.append((path, d.get("index", i + 1), k + 1, s["text"]))
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    cdok = args[0] if args else os.path.join(REPO, "build", "cdok")
    files = sorted(os.path.join(r, n) for r, _, ns in os.walk(CORPUS)
                   for n in ns
                   if n.endswith((".spec", ".json", ".txt", ".keen",
                                  ".solo", ".puz")))
    # One file per puzzle: keen/X.keen and keen/X.spec are the same.
    seen = set()
    files = [f for f in files
             if not (os.path.splitext(f)[0] in seen or
                     seen.add(os.path.splitext(f)[0]))]
    with ThreadPoolExecutor(2) as ex:
        found = [s for r in ex.map(lambda f: trial_steps(cdok, f), files)
                 for s in r]
    bad = [s for s in found if FALLBACK in s[3]]
    if verbose:
        for path, idx, k, text in bad:
            print(f"{os.path.relpath(path, REPO)} #{idx} step {k}: {text}\n")
    print(f"trial-steps: {len(files)} files, {len(found)} trial steps, "
          f"{len(bad)} fall back to \"{FALLBACK}\"")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
