#!/usr/bin/python3
"""iss-compare.py -- cdok beside the Interactive Sudoku Solver (ISS) on
ISS's four hard Killer collections (issue 37), in one invocation.

    ISS_DIR=/path/to/iss bench/iss-compare.py [options]

ISS_DIR names a checkout of ISS's public source (github.com/sigh/
Interactive-Sudoku-Solver); its code is never part of cdok.  Without it
the script says how to get one and exits with status 2.  Node (the
`node` on PATH, v20 or later) runs ISS's own benchmark,
tools/perf/benchmark_puzzles.js --max-backtracks none --json, one run
per collection; the puzzles themselves come from ISS's
data/collections.js, so both programs solve the same strings.

For each puzzle cdok gets the collection's own string (the forum's
81-character Killer line, or SudoCue's "3x3:[d]:k:" string) in a file,
and `cdok solve --to json FILE` runs once per --repeat; the figures are
the run with the least CPU:

  nodes      cdok's search nodes (its result document's "nodes")
  solve_ms   the solve in-process, wall clock (its "timings.solve")
  cpu_ms     the whole cdok process's CPU time, user + system (reading,
             solving, grading, writing, start-up)
  guesses    ISS's guesses; iss_ms its in-process time (least of
             --repeat runs, ISS's own --repeat)
  ratio      cpu_ms / iss_ms: the issue's bar is at most 1/3 per
             collection in all, and no puzzle above 1

cdok's verdict must be "unique" and its grid ISS's published solution
(or the one in tests' corpus when ISS gives none); a puzzle that fails
that is marked WRONG and makes the exit status 1.

With --json, cdok gets a Barium Killer JSON file made by this script
instead of the string (for a build whose readers predate the string
formats; diagonals cannot be written that way and such puzzles are
skipped).
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLLECTIONS = ["TAREK_ALL", "MATHEMAGIC_KILLERS", "EXTREME_KILLERS",
               "HS_KILLERS"]

# Lists every puzzle of the named collections as JSON lines: collection,
# index, name, input string, solution.  collections.js is a browser
# module: `self` and its VERSION_PARAM stand in for the page's.
DUMP = r"""
globalThis.self = globalThis;
self.VERSION_PARAM = '';
const dir = process.argv[1];
const names = process.argv[2].split(',');
const m = await import(dir + '/data/collections.js');
const e = await import(dir + '/data/example_puzzles.js');
for (const name of names) {
  m[name].forEach((p, i) => {
    let c = typeof p === 'string' ? e.PUZZLE_INDEX.get(p) : p;
    if (!c) c = { input: p };
    if (e.resolvePuzzleConfig) c = e.resolvePuzzleConfig(c);
    console.log(JSON.stringify({ collection: name, index: i,
      name: typeof p === 'string' && e.PUZZLE_INDEX.get(p) ? p :
            name + '#' + i,
      input: c.input, solution: c.solution || '' }));
  });
}
"""

HOWTO = """iss-compare: set ISS_DIR to a checkout of the Interactive Sudoku Solver:
    git clone https://github.com/sigh/Interactive-Sudoku-Solver /some/where/iss
    ISS_DIR=/some/where/iss bench/iss-compare.py
(node v20 or later must be on PATH; ISS's benchmark needs no npm package.)"""


def iss_puzzles(iss_dir, names):
    out = subprocess.run(["node", "--input-type=module", "-e", DUMP,
                          iss_dir, ",".join(names)],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def iss_run(iss_dir, name, repeat):
    """ISS's figures for one collection, by puzzle name."""
    cmd = ["node", "tools/perf/benchmark_puzzles.js", "--max-backtracks",
           "none", "--puzzles", name, "--json"]
    if repeat > 1:
        cmd += ["--repeat", str(repeat)]
    out = subprocess.run(cmd, cwd=iss_dir, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


# ---- the forum's 81-character format and SudoCue's, for --json ----

def total_of(ch):
    if ch.isdigit():
        return int(ch)
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 10
    if "a" <= ch <= "j":
        return ord(ch) - ord("a") + 36
    return None


STEP = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
        "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": None}


def cages_of(text):
    """[(total, [cell...]), ...] and whether the diagonals are units."""
    if text.startswith("3x3:"):
        parts = text.rstrip(":").split(":")
        nums = [int(x) for x in parts[3:]]
        groups = {}
        for cell, v in enumerate(nums):
            if v >> 8:
                groups.setdefault(v & 255, (v >> 8, []))[1].append(cell)
        return list(groups.values()), "d" in parts[1]
    root = {}

    def find(cell, depth=0):
        ch = text[cell]
        if ch in "0.":
            return None
        if total_of(ch) is not None:
            return cell
        dr, dc = STEP[ch]
        r, c = divmod(cell, 9)
        return find((r + dr) * 9 + c + dc, depth + 1)

    for cell in range(81):
        top = find(cell)
        if top is not None:
            root.setdefault(top, []).append(cell)
    return [(total_of(text[t]), cells) for t, cells in root.items()], False


def barium_json(text):
    cages, diag = cages_of(text)
    if diag:
        return None
    return json.dumps({"board": [[0] * 9 for _ in range(9)],
                       "cages": [[t, [[c % 9, c // 9] for c in cells]]
                                 for t, cells in cages]})


# ---- cdok ----

def cdok_run(cdok, path):
    """One `cdok solve --to json`: (result document or None, CPU s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([cdok, "solve", "--to", "json", path],
                          capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                before.ru_stime)
    try:
        doc = json.loads(proc.stdout.splitlines()[0])
    except (IndexError, ValueError):
        doc = {"verdict": "error", "error": proc.stderr.strip()}
    return doc, cpu


def grid_of(doc):
    sols = doc.get("solutions") or []
    if not sols:
        return ""
    return "".join(str(v) for row in sols[0] for v in row)


def corpus_solutions():
    """The development set's solutions, by ISS's puzzle name."""
    out = {}
    folder = os.path.join(REPO, "..", "..", "shared", "corpus",
                          "iss_killers")
    for env in (os.environ.get("ISS_CORPUS"), folder,
                "/work/shared/corpus/iss_killers"):
        if not env or not os.path.isdir(env):
            continue
        for name in os.listdir(env):
            if name.endswith(".solutions"):
                with open(os.path.join(env, name)) as f:
                    for line in f:
                        if "\t" in line:
                            key, sol = line.split()
                            out[key] = sol
        break
    return out


def main():
    ap = argparse.ArgumentParser(
        description="cdok beside ISS on ISS's hard Killer collections "
        "(issue 37); ISS_DIR names ISS's checkout.")
    ap.add_argument("--cdok", default=os.path.join(REPO, "build", "cdok"),
                    help="the cdok program (default build/cdok)")
    ap.add_argument("-c", "--collections", default=",".join(COLLECTIONS),
                    help="comma-separated ISS collections (default: "
                    "all four)")
    ap.add_argument("-r", "--repeat", type=int, default=1,
                    help="runs of each program per puzzle; the least "
                    "CPU (cdok) and least time (ISS) count")
    ap.add_argument("--json", action="store_true",
                    help="give cdok Barium JSON instead of the string")
    ap.add_argument("--no-iss", action="store_true",
                    help="run cdok only (ISS_DIR still names the puzzles)")
    args = ap.parse_args()

    iss_dir = os.environ.get("ISS_DIR")
    if not iss_dir or not os.path.isfile(
            os.path.join(iss_dir, "data", "collections.js")):
        print(HOWTO, file=sys.stderr)
        return 2
    iss_dir = os.path.abspath(iss_dir)
    names = [n for n in args.collections.split(",") if n]
    puzzles = iss_puzzles(iss_dir, names)
    known = corpus_solutions()
    bad = 0
    print("%-20s %-26s %-7s %9s %10s %10s %9s %10s %7s" % (
        "collection", "puzzle", "verdict", "nodes", "solve_ms", "cpu_ms",
        "guesses", "iss_ms", "ratio"))
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            iss = {}
            if not args.no_iss:
                for row in iss_run(iss_dir, name, args.repeat):
                    iss[row["puzzle"]] = row
            tot_cpu = tot_iss = tot_nodes = tot_guess = 0.0
            slower = worst = 0
            mine = [p for p in puzzles if p["collection"] == name]
            for p in mine:
                text = p["input"]
                path = os.path.join(tmp, "p.txt")
                if args.json:
                    text = barium_json(text)
                    path = os.path.join(tmp, "p.json")
                    if text is None:
                        print("%-20s %-26s skipped (diagonals, --json)" %
                              (name, p["name"][:26]))
                        continue
                with open(path, "w") as f:
                    f.write(text + "\n")
                best = None
                for _ in range(max(1, args.repeat)):
                    doc, cpu = cdok_run(args.cdok, path)
                    if best is None or cpu < best[1]:
                        best = (doc, cpu)
                doc, cpu = best
                want = p["solution"] or known.get(p["name"], "")
                ok = doc.get("verdict") == "unique" and (
                    not want or grid_of(doc) == want)
                if not ok:
                    bad += 1
                row = iss.get(p["name"], {})
                iss_ms = row.get("ms")
                cpu_ms = cpu * 1000.0
                ratio = cpu_ms / iss_ms if iss_ms and ok else None
                tot_cpu += cpu_ms
                tot_nodes += doc.get("nodes", 0)
                if ratio is not None:
                    tot_iss += iss_ms
                    tot_guess += row.get("guesses", 0)
                    slower += ratio > 1
                    worst = max(worst, ratio)
                print("%-20s %-26s %-7s %9s %10.1f %10.1f %9s %10s %7s" % (
                    name, p["name"][:26],
                    doc.get("verdict", "?") if ok else "WRONG",
                    doc.get("nodes", "-"),
                    1000.0 * doc.get("timings", {}).get("solve", 0.0),
                    cpu_ms, row.get("guesses", "-"),
                    "%.1f" % iss_ms if iss_ms else "-",
                    "%.2f" % ratio if ratio else "-"), flush=True)
                if not ok and doc.get("error"):
                    print("    " + doc["error"], file=sys.stderr)
            print("%-20s %-26s %-7s %9d %10s %10.1f %9d %10.1f %7s" % (
                name, "TOTAL (%d)" % len(mine), "", tot_nodes, "",
                tot_cpu, tot_guess, tot_iss,
                "%.2f" % (tot_cpu / tot_iss) if tot_iss else "-"))
            if tot_iss:
                print("%-20s %-26s slower than ISS: %d, worst ratio %.2f" %
                      (name, "", slower, worst), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
