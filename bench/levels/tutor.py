#!/usr/bin/python3
"""tutor.py -- the bars of issue 29 (hints and explanations a person can
follow) on held-out puzzles that Keen and Solo make.

For each file of game IDs (one per line, as `sgt-keen --generate N 9dh`
or `sgt-solo --generate N 3x3kda` print them; Debian's sgt-puzzles) it
measures, through the Python package (build/python) on every puzzle:

- the level cdok gives, against the level the file's name says
  (keen_9h.txt: Hard; solo_a.txt: Advanced);
- how many steps `cdok explain` shows against `--all-steps` (the median
  ratio is the bar: at most a third on Keen 9 x 9 Hard and Solo Killer
  Advanced), and that both lists, replayed from the givens, fill the grid
  with the solution and never remove its values;
- placing hints (`cdok hint --place`) chained from the empty grid: every
  value right, the last answer SOLVED, and the slowest call in ms.

    PYTHONPATH=build/python python3 bench/levels/tutor.py DIR

where DIR holds keen_9e.txt, keen_9n.txt, keen_9h.txt, solo_t.txt,
solo_b.txt, solo_i.txt, solo_a.txt (any that exist), e.g. made by

    for d in e n h; do sgt-keen --generate 30 9d$d > DIR/keen_9$d.txt; done
    for d in t b i a; do sgt-solo --generate 20 3x3kd$d > DIR/solo_$d.txt; done
"""
import os
import statistics
import sys
import time

import cdok

NAMES = {"keen_9e": "Easy", "keen_9n": "Normal", "keen_9h": "Hard",
         "solo_t": "Trivial", "solo_b": "Basic", "solo_i": "Intermediate",
         "solo_a": "Advanced"}


def replay(p, steps, solution):
    """Apply steps from the givens; the grid at the end, or None when a
    step removes or places against the solution."""
    state = p.state()
    for s in steps:
        for r, c, v in s.placed:
            if solution[r][c] != v:
                return None
        for r, c, v in s.removed:
            if solution[r][c] == v:
                return None
        state = s.apply(state)
    return state.values


def measure(path):
    stem = os.path.splitext(os.path.basename(path))[0]
    want = NAMES[stem]
    with open(path) as f:
        ids = [line.strip() for line in f if line.strip()]
    agree = ratios = 0
    ratios, shown, full, worst, calls, bad = [], [], [], 0.0, 0, []
    for gid in ids:
        p = cdok.loads(gid)
        res = p.solve()
        solution = res.solutions[0]
        g = p.grade()
        agree += g.level.name == want
        ex, brief = p.explain(), p.explain(brief=True)
        full.append(len(ex))
        shown.append(len(brief))
        ratios.append(len(brief) / len(ex))
        for name, steps in (("all", ex), ("brief", brief)):
            if replay(p, steps, solution) != solution:
                bad.append(f"{gid[:20]}: {name} does not replay")
        state = p.state()
        while True:
            t = time.perf_counter()
            h = p.hint_place(state)
            worst = max(worst, time.perf_counter() - t)
            calls += 1
            if h.outcome is not cdok.HintOutcome.STEP:
                break
            (r, c, v), = h.step.placed
            if solution[r][c] != v:
                bad.append(f"{gid[:20]}: hint --place put {v} in "
                           f"r{r + 1}c{c + 1}")
                break
            state = h.apply(state)
        if h.outcome is not cdok.HintOutcome.SOLVED:
            bad.append(f"{gid[:20]}: placing hints ended {h.outcome}")
    print(f"| {stem} ({want}) | {len(ids)} | {agree}/{len(ids)} | "
          f"{statistics.median(shown):g} / {statistics.median(full):g} | "
          f"{statistics.median(ratios):.2f} (max {max(ratios):.2f}) | "
          f"{calls} calls, slowest {worst * 1e3:.1f} ms | "
          f"{'all right' if not bad else '; '.join(bad[:3])} |")
    return not bad


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    print("| set | puzzles | cdok's level = the set's | median steps "
          "shown / all | median ratio | hint --place | replays, values |")
    print("|---|---|---|---|---|---|---|")
    ok = True
    for stem in NAMES:
        path = os.path.join(folder, stem + ".txt")
        if os.path.exists(path):
            ok = measure(path) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
