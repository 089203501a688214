#!/usr/bin/python3
"""Benchmarks of the Python package (python/, issue 13).  Not part of
make check: the figures depend on the machine and its load.

1. Seed 004's Killer Sudoku solver against cdok.killer.solve(board,
   cages), on the seed's two expert files, in one Python process.  The
   seed's own solve() is imported at run time from its folder (--seed-dir,
   default ../shared/anchors/barium beside the repository); nothing of it
   is copied here.  Bar: cdok at least 1000 times faster.
2. The cost of calling the solver from Python: Puzzle.solve() (limit 2,
   so with the uniqueness proof) on already parsed 9 x 9 Calcudoku
   puzzles, against the in-process C time of the same puzzles measured
   by ./build/cdok-bench.  Bar: Python at most 2 x C + 20 us.

Run from the repository's top directory, after make, make bench and
make python:

    /usr/bin/python3 bench/python_bench.py

Each time is a median: of 3 runs for the seed's solver (each on a fresh
copy of the board), of runs filling at least --seconds for cdok.  The
exit status is 0 when both bars hold, 1 otherwise.
"""

import argparse
import copy
import importlib
import os
import re
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "build", "python"))

import cdok  # noqa: E402
from cdok import killer  # noqa: E402

EXPERT = ["barium_expert-1.json", "barium_expert-2.json"]
NINES = ["cdok/cdok9D_01.spec", "cdok/cdok9T_01.spec",
         "keen/keen_9e_01.spec", "keen/keen_9n_01.spec",
         "keen/keen_9h_01.spec", "keen/keen_9x_01.spec",
         "keen/keen_9u_01.spec", "keen/keen_9hm_01.spec"]


def median_time(run, prepare=lambda: None, seconds=0.2, at_least=5):
    """Median seconds of run(prepare()) over at least at_least runs and
    seconds of running; prepare is not timed."""
    times = []
    while len(times) < at_least or sum(times) < seconds:
        arg = prepare()
        start = time.perf_counter()
        run(arg)
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(times)


def find_seed_dir(given):
    for path in ([given] if given else
                 [os.path.join(REPO, "..", "shared", "anchors", "barium"),
                  os.path.join(REPO, "..", "..", "shared", "anchors",
                               "barium")]):
        if os.path.isfile(os.path.join(path, "solver", "solver.py")):
            return os.path.abspath(path)
    sys.exit("python_bench: the seed's solver (solver/solver.py) was not "
             "found; name its folder with --seed-dir")


def seed_versus_cdok(seed_dir, seconds):
    sys.path.insert(0, seed_dir)
    seed = importlib.import_module("solver")
    print(f"1. Killer Sudoku: the seed's solve() ({seed_dir}) against "
          f"cdok.killer.solve()")
    print(f"{'file':24} {'seed_s':>10} {'cdok_us':>10} {'ratio':>10}")
    total_seed = total_cdok = 0.0
    ok = True
    for name in EXPERT:
        path = os.path.join(REPO, "tests", "data", "corpus", "killer", name)
        board, cages = seed.load_from_file(path)
        mine, my_cages = killer.load_from_file(path)
        seed_board = copy.deepcopy(board)
        assert seed.solve(seed_board, cages)
        assert killer.solve(mine, my_cages) and mine == seed_board, name
        seed_s, _ = median_time(lambda b: seed.solve(b, cages),
                                lambda: copy.deepcopy(board),
                                seconds=0, at_least=3)
        base, base_cages = killer.load_from_file(path)
        cdok_s, runs = median_time(lambda b: killer.solve(b, base_cages),
                                   lambda: [row[:] for row in base],
                                   seconds=seconds)
        ratio = seed_s / cdok_s
        ok = ok and ratio >= 1000
        total_seed += seed_s
        total_cdok += cdok_s
        print(f"{name:24} {seed_s:10.4f} {cdok_s * 1e6:10.1f} "
              f"{ratio:9.0f}x   (cdok: median of {runs} runs)")
    ratio = total_seed / total_cdok
    print(f"{'both':24} {total_seed:10.4f} {total_cdok * 1e6:10.1f} "
          f"{ratio:9.0f}x")
    print(f"bar: at least 1000x on each file: {'met' if ok else 'MISSED'}")
    return ok


def c_times(paths, seconds):
    """In-process C time (us) of each puzzle by cdok-bench --list."""
    bench = os.path.join(REPO, "build", "cdok-bench")
    out = subprocess.run([bench, "--list", "-t", str(seconds), *paths],
                         capture_output=True, text=True, check=True).stdout
    times = {}
    for line in out.splitlines():
        m = re.match(r"\s+(\S+)\s+([0-9.]+) us\s", line)
        if m:
            times[m.group(1)] = float(m.group(2))
    return times


def call_overhead(seconds):
    paths = [os.path.join(REPO, "tests", "data", "corpus", p) for p in NINES]
    puzzles = [cdok.load(p) for p in paths]
    for p in puzzles:
        assert p.solve().unique, p.name
    print("2. Calling the solver from Python: Puzzle.solve() (limit 2) on "
          "parsed 9 x 9 puzzles")
    # C before and after Python; the smaller C time of the two is the
    # stricter bar.
    before = c_times(paths, seconds)
    py = [median_time(lambda _: p.solve(), seconds=seconds)[0] * 1e6
          for p in puzzles]
    after = c_times(paths, seconds)
    print(f"{'puzzle':16} {'c_us':>8} {'python_us':>10} {'extra_us':>9} "
          f"{'bar_us':>8}")
    ok = True
    for path, py_us in zip(paths, py):
        name = os.path.splitext(os.path.basename(path))[0]
        c_us = min(before[name], after[name])
        bar = 2 * c_us + 20
        ok = ok and py_us <= bar
        print(f"{name:16} {c_us:8.1f} {py_us:10.1f} {py_us - c_us:9.1f} "
              f"{bar:8.1f}{'' if py_us <= bar else '  MISSED'}")
    print(f"bar: Python at most 2 x C + 20 us: {'met' if ok else 'MISSED'}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed-dir", help="the folder of the seed's "
                        "solve.py and solver/ (Barium's solver)")
    parser.add_argument("--seconds", type=float, default=0.2,
                        help="timing per puzzle for cdok (default 0.2)")
    args = parser.parse_args()
    print(f"cdok {cdok.__version__}, Python {sys.version.split()[0]} "
          f"({sys.executable})\n")
    ok = seed_versus_cdok(find_seed_dir(args.seed_dir), args.seconds)
    print()
    ok = call_overhead(args.seconds) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
