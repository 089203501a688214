#!/usr/bin/python3
"""classes.py -- the solver's cost per class of puzzle, for issue 16:
instructions counted by callgrind (repeatable whatever the machine's
load) and wall time, one `cdok solve FILE` per puzzle, so that every
change to the solver shows its effect on every class.  Not part of make
check.  bench/README.md describes it; in short:

    bench/classes.py                          # build/cdok, every class
    bench/classes.py build/cdok /tmp/old/cdok # two builds, with ratios
    bench/classes.py -c keen,sum9 build/cdok  # some classes only
    bench/classes.py --generate build/cdok    # generation times

For each puzzle and each binary:

1. A native run, `BINARY solve FILE`, stopped after --timeout seconds of
   CPU time: its wall and CPU time and its verdict (the exit status:
   0 unique, 1 none, 2 several, 6 gave up).  The verdict is checked:
   corpus classes must be unique and equal their .sol; a sum puzzle
   (whose .sol is the grid it was cut from) must not be "none", and if
   unique must equal its .sol; two binaries must agree.
2. If the native run took at most --cap seconds of CPU, a callgrind run
   with --dump-before=cdok_solve --dump-after=cdok_solve: the parts
   inside cdok_solve add up to what --toggle-collect=cdok_solve counts
   (checked on the baseline puzzle), and all parts together are the
   whole program.  A puzzle above the cap is "over the cap": it counts
   as larger than every other in medians and maxima.  Then a run with
   --toggle-collect=cdok_grade: the grading that gives the level on the
   "Difficulty:" line (the program has graded since 35d70ba; builds
   from before, such as the baseline a89a9ff, have no cdok_grade).

The whole-program figure is net of a trivial 3 x 3, `BINARY solve
tests/data/corpus/keen/keen_3e_01.spec`; "net-grade" is the same with
the grading left out of both, the work a build from before the grader
did, to compare against one.  Beside the Keen and Solo
classes the standalone solvers of Keen and Solo (built from the anchors'
sgt-puzzles into build/anchors/) are counted on the same puzzles.
"""

import argparse
import concurrent.futures
import glob
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join("tests", "data", "corpus")
BASELINE = os.path.join(CORPUS, "keen", "keen_3e_01.spec")
KEEN_BASELINE = os.path.join(CORPUS, "keen", "keen_3e_01.keen")
# A solved 4 x 4 Sudoku: Solo's start-up and a trivial solve.
SOLO_BASELINE_ID = "2x2:1_2_3_4_3_4_1_2_2_1_4_3_4_3_2_1"
SOLVE_SYMBOL = "cdok_solve"
GRADE_SYMBOL = "cdok_grade"
CLK_TCK = os.sysconf("SC_CLK_TCK")

# (class, file pattern, what a verdict must be, anchor solver, anchor ID
# file suffix).  "unique": unique and equal to NAME.sol; "decided": any
# verdict, but not "none" when NAME.sol exists (the grid the puzzle was
# cut from), and equal to NAME.sol when unique.
CLASSES = (
    [(f"keen_9{d}", os.path.join(CORPUS, "keen", f"keen_9{d}_*.spec"),
      "unique", "keensolver", ".keen") for d in "enhxu"] +
    [("cdok16", os.path.join(CORPUS, "cdok", "cdok16*.spec"), "unique",
      None, None)] +
    [(f"killer_k{d}", os.path.join(CORPUS, "killer", f"killer_k{d}_*.json"),
      "unique", "solosolver", ".solo") for d in "tbiaeu"] +
    [("sum9", os.path.join("bench", "sum9", "*.spec"), "decided", None,
      None),
     ("sum12", os.path.join("bench", "sum12", "*.spec"), "decided", None,
      None),
     ("hard", os.path.join("bench", "hard", "*.spec"), "decided", None,
      None)])

VERDICTS = {0: "unique", 1: "none", 2: "several", 6: "gave-up"}
SHORT = {"unique": "u", "several": "s", "none": "n", "gave-up": "g",
         "timeout": "T", "error": "E"}


def log(msg):
    print(f"classes: {msg}", file=sys.stderr, flush=True)


# ---- running programs ----

def cpu_seconds(pid):
    """CPU time so far of a running (or zombie) child, from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except (OSError, IndexError, ValueError):
        return 0.0


def run_native(cmd, cpu_limit):
    """Run cmd; kill it after cpu_limit seconds of CPU (or 4 x that plus
    10 s of wall time, whatever the load).  Returns (exit status or None
    if killed, wall s, cpu s, stdout)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        delay, killed = 0.0002, False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            wall = time.perf_counter() - start
            if (cpu_seconds(proc.pid) > cpu_limit or
                    wall > 4 * cpu_limit + 10):
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                killed = True
                break
            time.sleep(delay)
            delay = min(delay * 1.5, 0.005)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    cpu = usage.ru_utime + usage.ru_stime
    return (None if killed else proc.returncode), wall, cpu, text


def callgrind(cmd, timeout, symbol=None):
    """Instructions of cmd under callgrind: (whole program, inside
    symbol), None for the second when symbol is None or never called;
    (None, None) when the run passed timeout seconds."""
    tmp = tempfile.mkdtemp(prefix="classes-cg-")
    try:
        out = os.path.join(tmp, "cg.out")
        args = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        if symbol:
            args += [f"--dump-before={symbol}", f"--dump-after={symbol}"]
        try:
            subprocess.run(args + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None
        # Parts: cg.out.1 before the first call, cg.out.2 inside it, ...,
        # cg.out after the last return.
        parts = {}
        for path in glob.glob(out + "*"):
            suffix = path[len(out):]
            number = int(suffix[1:]) if suffix else 0
            with open(path) as f:
                m = re.search(r"^summary: (\d+)", f.read(), re.M)
            if m:
                parts[number] = int(m.group(1))
        if not parts:
            return None, None
        total = sum(parts.values())
        inside = [n for k, n in parts.items() if k and k % 2 == 0]
        return total, (sum(inside) if inside else None)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def toggle_collect(cmd, symbol):
    """What --toggle-collect=symbol counts for cmd (a cross-check)."""
    with tempfile.TemporaryDirectory(prefix="classes-cg-") as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind",
                        f"--callgrind-out-file={out}",
                        f"--toggle-collect={symbol}"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            m = re.search(r"^summary: (\d+)", f.read(), re.M)
        return int(m.group(1)) if m else None


# ---- checking answers ----

def read_grid(text):
    """The first grid of numbers in text: the rows up to the first blank
    line that are made of numbers only ("@boxes" lines are skipped)."""
    rows = []
    for line in text.splitlines():
        if not line.strip():
            if rows:
                break
            continue
        fields = line.split()
        if all(f.isdigit() for f in fields):
            rows.append([int(f) for f in fields])
    return rows


def check(puzzle, expect, verdict, stdout):
    """A problem with the answer, or None."""
    sol = os.path.splitext(puzzle)[0] + ".sol"
    has_sol = os.path.exists(os.path.join(REPO, sol))
    if verdict in ("timeout", "gave-up"):
        return None
    if verdict == "error":
        return "error exit"
    if expect == "unique" and verdict != "unique":
        return f"{verdict}, expected unique"
    if verdict == "none" and has_sol:
        return "none, but NAME.sol solves it"
    if verdict == "unique" and has_sol:
        with open(os.path.join(REPO, sol)) as f:
            want = [[int(x) for x in line.split()] for line in f
                    if line.strip()]
        if read_grid(stdout) != want:
            return "unique, but not the grid of NAME.sol"
    return None


# ---- one binary ----

class Results:
    """Per-puzzle figures of one binary, run here or loaded (--save)."""

    def __init__(self, label, binary=None, data=None, source=None):
        self.label = label
        self.binary = binary
        self.puzzles = {}      # path -> dict
        self.baseline = None   # whole-program instructions of the 3 x 3
        self.baseline_grade = 0  # of them, inside cdok_grade
        self.source = None     # where loaded figures come from
        if data:
            self.binary = data["binary"]
            self.puzzles = data["puzzles"]
            self.baseline = data["baseline"]
            self.baseline_grade = data.get("baseline_grade", 0)
            self.source = f"{source}, saved {data.get('saved', '?')}"

    def save(self, path):
        """Write the figures as JSON, one line per puzzle (diffable)."""
        lines = ["{", f' "binary": {json.dumps(self.binary)},',
                 f' "baseline": {json.dumps(self.baseline)},',
                 f' "baseline_grade": {json.dumps(self.baseline_grade)},',
                 f' "saved": "{time.strftime("%F %T")}",', ' "puzzles": {']
        keys = sorted(self.puzzles)
        for i, key in enumerate(keys):
            entry = dict(self.puzzles[key])
            entry["wall"] = round(entry["wall"], 6)
            entry["cpu"] = round(entry["cpu"], 6)
            lines.append(f"  {json.dumps(key)}: {json.dumps(entry)}"
                         + ("," if i < len(keys) - 1 else ""))
        lines += [" }", "}"]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")


def native_task(res, puzzle, expect, opts):
    status, wall, cpu, out = run_native(
        [res.binary, "solve", os.path.join(REPO, puzzle)], opts.timeout)
    if status is None:
        verdict = "timeout"
    else:
        verdict = VERDICTS.get(status, "error")
    entry = {"verdict": verdict, "wall": wall, "cpu": cpu,
             "problem": check(puzzle, expect, verdict, out),
             "solve": None, "total": None, "grade": None}
    res.puzzles[puzzle] = entry


def callgrind_task(res, puzzle, opts):
    entry = res.puzzles[puzzle]
    if entry["verdict"] == "timeout" or entry["cpu"] > opts.cap:
        return
    cmd = [res.binary, "solve", os.path.join(REPO, puzzle)]
    total, solve = callgrind(cmd, opts.cg_timeout, SOLVE_SYMBOL)
    entry["total"], entry["solve"] = total, solve
    if total is not None:
        entry["grade"] = toggle_collect(cmd, GRADE_SYMBOL)


def baseline(res):
    cmd = [res.binary, "solve", os.path.join(REPO, BASELINE)]
    total, solve = callgrind(cmd, 600, SOLVE_SYMBOL)
    if solve is None:
        sys.exit(f"classes: {res.binary} never calls {SOLVE_SYMBOL} on "
                 f"{BASELINE} (renamed? stripped?)")
    check_solve = toggle_collect(cmd, SOLVE_SYMBOL)
    if check_solve != solve:
        log(f"warning: {res.binary}: --toggle-collect={SOLVE_SYMBOL} "
            f"counts {check_solve}, the dumps {solve}")
    res.baseline = total
    res.baseline_grade = toggle_collect(cmd, GRADE_SYMBOL) or 0


# ---- figures ----

def median_or_over(values):
    """Median of values where None stands for "over the cap" (larger
    than any number); inf when the median itself is over the cap."""
    if not values:
        return None
    vals = sorted(math.inf if v is None else v for v in values)
    n = len(vals)
    return vals[n // 2] if n % 2 else (vals[n // 2 - 1] + vals[n // 2]) / 2


def fmt_count(v):
    if v is None:
        return "-"
    if v == math.inf:
        return ">cap"
    if abs(v) < 1e6:
        return f"{v / 1e3:.1f}k"
    if abs(v) < 1e9:
        return f"{v / 1e6:.2f}M"
    return f"{v / 1e9:.2f}G"


def fmt_ms(v):
    if v is None:
        return "-"
    if v == math.inf:
        return ">limit"
    return f"{v * 1e3:.0f}ms" if v >= 1 else f"{v * 1e3:.1f}ms"


def fmt_ratio(a, b):
    if a is None or b is None or a == math.inf or b == math.inf or b <= 0:
        return "-"
    return f"{a / b:.2f}x"


def class_figures(res, puzzles):
    """The figures of one class for one binary, or None if not run."""
    entries = [res.puzzles.get(p) for p in puzzles]
    entries = [e for e in entries if e]
    if not entries:
        return None
    counts = {}
    for e in entries:
        counts[e["verdict"]] = counts.get(e["verdict"], 0) + 1
    solve = [e["solve"] for e in entries]
    net = [None if e["total"] is None or res.baseline is None
           else e["total"] - res.baseline for e in entries]
    # The same less the grading (cdok_grade, in both runs): the work a
    # build from before the grader was part of `cdok solve` did.
    ungraded = [None if n is None else
                n - (e.get("grade") or 0) + res.baseline_grade
                for n, e in zip(net, entries)]
    times = [math.inf if e["verdict"] == "timeout" else e["wall"]
             for e in entries]
    cpus = [math.inf if e["verdict"] == "timeout" else e["cpu"]
            for e in entries]
    over = sum(1 for v in solve if v is None)
    return {
        "n": len(entries),
        "verdicts": " ".join(f"{counts[v]}{SHORT[v]}" for v in SHORT
                             if v in counts),
        "solve_med": median_or_over(solve),
        "solve_max": math.inf if over else max(solve),
        "net_med": median_or_over(net),
        "net_max": math.inf if over else max(net),
        "ungraded_med": median_or_over(ungraded),
        "over": over,
        "wall_med": statistics.median(times), "wall_max": max(times),
        "cpu_med": statistics.median(cpus), "cpu_max": max(cpus),
    }


COLUMNS = [("solve_med", "solve med", fmt_count),
           ("solve_max", "solve max", fmt_count),
           ("net_med", "net med", fmt_count),
           ("net_max", "net max", fmt_count),
           ("ungraded_med", "net-grade", fmt_count),
           ("over", "over", str),
           ("wall_med", "wall med", fmt_ms),
           ("wall_max", "wall max", fmt_ms),
           ("cpu_med", "cpu med", fmt_ms),
           ("cpu_max", "cpu max", fmt_ms)]


def print_table(results, classes):
    names = "ABCDEFGH"
    for i, res in enumerate(results):
        base = fmt_count(res.baseline)
        print(f"{names[i]}: {res.binary}  (3 x 3 baseline: {base} "
              f"instructions)" + (f" from {res.source}" if res.source
                                  else ""))
    print()
    head = f"{'class':10} {'':4} {'puzzles':>7} {'verdicts':16}"
    head += "".join(f" {title:>9}" for _, title, _ in COLUMNS)
    print(head)
    for name, puzzles, *_ in classes:
        figs = [class_figures(res, puzzles) for res in results]
        for i, f in enumerate(figs):
            label = name if i == 0 else ""
            if f is None:
                print(f"{label:10} {names[i]:4} {'-':>7}")
                continue
            line = f"{label:10} {names[i]:4} {f['n']:7} {f['verdicts']:16}"
            line += "".join(f" {fmt(f[key]):>9}" for key, _, fmt in COLUMNS)
            print(line)
        if len(results) == 2 and figs[0] and figs[1]:
            line = f"{'':10} {'A/B':4} {'':7} {'':16}"
            line += "".join(
                f" {'' if key == 'over' else fmt_ratio(figs[0][key], figs[1][key]):>9}"
                for key, _, _ in COLUMNS)
            print(line)


def print_problems(results, classes, listing):
    wanted = [p for _, puzzles, *_ in classes for p in puzzles]
    bad = False
    for res in results:
        for p in wanted:
            e = res.puzzles.get(p)
            if e and e.get("problem"):
                print(f"WRONG: {res.binary}: {p}: {e['problem']}")
                bad = True
    if len(results) == 2:
        decided = ("unique", "none", "several")
        for p in wanted:
            a, b = results[0].puzzles.get(p), results[1].puzzles.get(p)
            if (a and b and a["verdict"] in decided and
                    b["verdict"] in decided and
                    a["verdict"] != b["verdict"]):
                print(f"WRONG: {p}: A says {a['verdict']}, "
                      f"B {b['verdict']}")
                bad = True
    if listing:
        print()
        print(f"{'puzzle':28} {'':2} {'verdict':8} {'solve':>9} "
              f"{'net':>9} {'wall':>9} {'cpu':>9}")
        for p in wanted:
            for i, res in enumerate(results):
                e = res.puzzles.get(p)
                if not e:
                    continue
                net = (None if e["total"] is None or res.baseline is None
                       else e["total"] - res.baseline)
                over = e["verdict"] != "timeout" and e["solve"] is None
                print(f"{os.path.basename(p) if i == 0 else '':28} "
                      f"{'AB'[i] if len(results) > 1 else '':2} "
                      f"{e['verdict']:8} "
                      f"{'>cap' if over else fmt_count(e['solve']):>9} "
                      f"{'>cap' if over else fmt_count(net):>9} "
                      f"{fmt_ms(e['wall']):>9} {fmt_ms(e['cpu']):>9}")
    return not bad


# ---- the standalone solvers of Keen and Solo ----

def find_anchors(given):
    for path in ([given] if given else
                 [os.path.join(REPO, "..", "shared", "anchors"),
                  os.path.join(REPO, "..", "..", "shared", "anchors")]):
        if os.path.isfile(os.path.join(path, "sgt-puzzles", "build.sh")):
            return os.path.abspath(path)
    return None


def build_anchors(anchors):
    out = os.path.join(REPO, "build", "anchors")
    if not all(os.path.exists(os.path.join(out, p))
               for p in ("keensolver", "solosolver")):
        subprocess.run(["sh", os.path.join(anchors, "sgt-puzzles",
                                           "build.sh"), out],
                       check=True, stdout=subprocess.DEVNULL)
    return out


def anchor_figures(pool, anchor_dir, classes, results):
    """Whole-program instructions of keensolver and solosolver beside
    cdok's net figures, per class."""
    jobs, base = {}, {}
    for solver, ident in (("keensolver",
                           open(os.path.join(REPO, KEEN_BASELINE)).read()
                           .strip()),
                          ("solosolver", SOLO_BASELINE_ID)):
        cmd = [os.path.join(anchor_dir, solver), ident]
        base[solver] = pool.submit(callgrind, cmd, 600)
    for name, puzzles, _, solver, suffix in classes:
        if not solver:
            continue
        for p in puzzles:
            with open(os.path.join(REPO, os.path.splitext(p)[0] + suffix)) \
                    as f:
                ident = f.read().strip()
            cmd = [os.path.join(anchor_dir, solver), ident]
            jobs[(name, p)] = pool.submit(callgrind, cmd, 600)
    if not jobs:
        return
    base = {k: v.result()[0] for k, v in base.items()}
    print()
    print("Standalone solvers (whole program; net: minus their own "
          "trivial run) against cdok's net, medians")
    head = f"{'class':10} {'solver':11} {'whole':>9} {'net':>9}"
    for i, _ in enumerate(results):
        head += f" {'cdok ' + 'AB'[i] + ' net':>10} {'/whole':>7} {'/net':>7}"
    print(head)
    for name, puzzles, _, solver, _ in classes:
        if not solver:
            continue
        whole = [jobs[(name, p)].result()[0] for p in puzzles]
        net = [None if w is None else w - base[solver] for w in whole]
        wm, nm = median_or_over(whole), median_or_over(net)
        line = (f"{name:10} {solver:11} {fmt_count(wm):>9} "
                f"{fmt_count(nm):>9}")
        for res in results:
            f = class_figures(res, puzzles)
            ours = f["net_med"] if f else None
            line += (f" {fmt_count(ours):>10} {fmt_ratio(ours, wm):>7} "
                     f"{fmt_ratio(ours, nm):>7}")
        print(line)


# ---- generation times ----

def generation(pool, binaries, timeout):
    runs = [(24, s) for s in range(1, 6)] + [(16, s) for s in range(1, 21)]
    jobs = {}
    for b in binaries:
        for size, seed in runs:
            cmd = [b, "-s", str(size), "--seed", str(seed), "generate"]
            jobs[(b, size, seed)] = pool.submit(run_native, cmd, timeout)
    names = "ABCDEFGH"
    for i, b in enumerate(binaries):
        print(f"{names[i]}: {b}")
    print()
    print(f"`cdok -s SIZE --seed S generate`, one run each, stopped after "
          f"{timeout:g} s of CPU; wall (cpu) seconds")
    for i, b in enumerate(binaries):
        t24 = []
        for seed in range(1, 6):
            status, wall, cpu, _ = jobs[(b, 24, seed)].result()
            t24.append("timeout" if status is None else
                       f"{wall:.2f} ({cpu:.2f})" if status == 0 else
                       f"status {status}")
        print(f"{names[i]}  24 x 24, seeds 1..5: " + ", ".join(t24))
        walls, cpus, bad = [], [], 0
        for seed in range(1, 21):
            status, wall, cpu, _ = jobs[(b, 16, seed)].result()
            bad += status != 0
            walls.append(math.inf if status is None else wall)
            cpus.append(math.inf if status is None else cpu)
        walls.sort()
        cpus.sort()
        # Nearest rank: the 18th of 20 times.
        p90 = math.ceil(0.9 * len(walls)) - 1
        print(f"{names[i]}  16 x 16, seeds 1..20: median "
              f"{statistics.median(walls):.3f} ({statistics.median(cpus):.3f})"
              f", p90 {walls[p90]:.3f} ({cpus[p90]:.3f}), max "
              f"{walls[-1]:.3f} ({cpus[-1]:.3f})"
              + (f"; {bad} failed or timed out" if bad else ""))


# ---- main ----

def pick_classes(spec, cwd):
    if not spec:
        chosen = list(CLASSES)
    else:
        chosen = []
        for word in spec.split(","):
            match = [c for c in CLASSES if c[0] == word or
                     c[0].startswith(word) or word == "all"]
            if not match and os.path.isdir(os.path.join(cwd, word)):
                # A folder of puzzles (a held-out set): its *.spec and
                # *.json files, which must be decided.
                folder = os.path.join(cwd, word)
                name = os.path.basename(os.path.normpath(folder))
                match = [(name, [os.path.join(folder, "*.spec"),
                                 os.path.join(folder, "*.json")],
                          "decided", None, None)]
            if not match:
                sys.exit(f"classes: no class '{word}' (--list-classes "
                         "names them)")
            chosen += [c for c in match if c not in chosen]
    out = []
    for name, patterns, expect, solver, suffix in chosen:
        if isinstance(patterns, str):
            patterns = [patterns]
        puzzles = sorted(os.path.relpath(p, REPO) for pattern in patterns
                         for p in glob.glob(os.path.join(REPO, pattern)))
        out.append((name, puzzles, expect, solver, suffix))
    return out


def sample(puzzles, n):
    if not n or len(puzzles) <= n:
        return puzzles
    return [puzzles[i * len(puzzles) // n] for i in range(n)]


class Progress:
    def __init__(self, what, total):
        self.what, self.total, self.done = what, total, 0
        self.lock = threading.Lock()
        self.tty = sys.stderr.isatty()

    def step(self, _future=None):
        with self.lock:
            self.done += 1
            if self.tty:
                print(f"\rclasses: {self.what} {self.done}/{self.total}",
                      end="", file=sys.stderr, flush=True)

    def end(self):
        if self.tty:
            print(file=sys.stderr)
        else:
            log(f"{self.what}: {self.done} runs")


def run_all(pool, futures_of, what):
    futures = futures_of()
    prog = Progress(what, len(futures))
    for f in futures:
        f.add_done_callback(prog.step)
    for f in futures:
        f.result()
    prog.end()


def main():
    ap = argparse.ArgumentParser(
        description="Solve-only and whole-program instructions (callgrind) "
        "and wall times per class of puzzle, for one build of cdok or two "
        "side by side (see bench/README.md).")
    ap.add_argument("binaries", nargs="*", metavar="BINARY",
                    help="cdok programs (default build/cdok), or results "
                    "saved with --save (FILE.json); with two, the ratios "
                    "A/B are shown")
    ap.add_argument("-c", "--classes", metavar="LIST",
                    help="comma-separated classes or prefixes of them "
                    "(keen, killer, sum, ...); default all")
    ap.add_argument("--list-classes", action="store_true",
                    help="name the classes and their puzzles, and exit")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="runs at once (default 2)")
    ap.add_argument("-n", "--sample", type=int, metavar="N",
                    help="at most N puzzles per class, evenly spread")
    ap.add_argument("--timeout", type=float, metavar="S",
                    help="stop a native run after S seconds of CPU "
                    "(default 5; 60 with --generate)")
    ap.add_argument("--cap", type=float, default=0.2, metavar="S",
                    help="count instructions only of puzzles whose native "
                    "run took at most S seconds of CPU (default 0.2, about "
                    "2 G instructions); the others are over the cap")
    ap.add_argument("--cg-timeout", type=float, default=120.0, metavar="S",
                    help="wall-time limit of one callgrind run (default "
                    "120); a run that passes it is over the cap")
    ap.add_argument("--no-anchors", action="store_true",
                    help="leave out Keen's and Solo's standalone solvers")
    ap.add_argument("--anchors-dir", metavar="DIR",
                    help="the anchors folder (default ../shared/anchors "
                    "or ../../shared/anchors beside the repository)")
    ap.add_argument("--list", action="store_true",
                    help="also one line per puzzle")
    ap.add_argument("--save", metavar="FILE",
                    help="save the first binary's per-puzzle figures as "
                    "JSON, to compare against later without running it")
    ap.add_argument("--generate", action="store_true",
                    help="time generation instead: -s 24 seeds 1..5 and "
                    "-s 16 seeds 1..20 (--timeout default 60 here)")
    opts = ap.parse_args()

    cwd = os.getcwd()
    # Names as the shell would take them, before moving to the top.
    binaries = [os.path.join(cwd, b)
                if "/" in b or os.path.exists(os.path.join(cwd, b))
                else shutil.which(b) or b
                for b in opts.binaries or
                [os.path.join(REPO, "build", "cdok")]]
    if opts.save:
        opts.save = os.path.join(cwd, opts.save)
    os.chdir(REPO)
    opts.timeout = opts.timeout or (60.0 if opts.generate else 5.0)
    classes = pick_classes(opts.classes, cwd)
    classes = [(n, sample(p, opts.sample), *rest)
               for n, p, *rest in classes]
    if opts.list_classes:
        for name, puzzles, expect, solver, _ in classes:
            print(f"{name:10} {len(puzzles):4} puzzles, expected {expect}"
                  + (f", beside {solver}" if solver else "") +
                  (f": {puzzles[0]} ..." if puzzles else ""))
        return 0
    if len(binaries) > 2:
        ap.error("at most two binaries")
    if opts.jobs < 1:
        ap.error("--jobs: at least 1")
    for b in binaries:
        if not (b.endswith(".json") and os.path.isfile(b)) and \
                not os.access(b, os.X_OK):
            ap.error(f"{b}: not an executable program nor saved results")

    pool = concurrent.futures.ThreadPoolExecutor(opts.jobs)
    if opts.generate:
        if any(b.endswith(".json") for b in binaries):
            ap.error("--generate runs programs, not saved results")
        generation(pool, [os.path.abspath(b) for b in binaries],
                   opts.timeout)
        return 0
    if not shutil.which("valgrind"):
        sys.exit("classes: valgrind is needed (sh scripts/install-deps "
                 "--test)")

    results = []
    for i, b in enumerate(binaries):
        if b.endswith(".json") and os.path.isfile(b):
            with open(b) as f:
                results.append(Results("AB"[i], data=json.load(f),
                                       source=os.path.relpath(b, cwd)))
        else:
            results.append(Results("AB"[i], binary=os.path.abspath(b)))
    live = [r for r in results if r.puzzles == {} and r.baseline is None]

    started = time.time()
    every = [(p, expect) for _, puzzles, expect, *_ in classes
             for p in puzzles]
    run_all(pool, lambda: [pool.submit(baseline, r) for r in live],
            "baseline")
    run_all(pool, lambda: [pool.submit(native_task, r, p, e, opts)
                           for r in live for p, e in every],
            "native runs")
    run_all(pool, lambda: [pool.submit(callgrind_task, r, p, opts)
                           for r in live for p, _ in every],
            "callgrind runs")

    print(f"cdok solve FILE per puzzle; instructions by callgrind "
          f"(solve: inside {SOLVE_SYMBOL}; net: whole program minus the "
          f"3 x 3 baseline; net-grade: the same without {GRADE_SYMBOL} "
          f"in either), over: above the cap of {opts.cap:g} s CPU; "
          f"times of native runs stopped after {opts.timeout:g} s CPU")
    print_table(results, classes)
    anchors = None if opts.no_anchors else find_anchors(opts.anchors_dir)
    if anchors and any(c[3] for c in classes):
        anchor_figures(pool, build_anchors(anchors), classes, results)
    elif not opts.no_anchors and any(c[3] for c in classes):
        log("anchors not found (--anchors-dir): Keen and Solo left out")
    ok = print_problems(results, classes, opts.list)
    if opts.save:
        if results[0].binary and live and results[0] is live[0]:
            results[0].save(opts.save)
        else:
            log("--save: the first binary's results were loaded, not run")
    log(f"{time.time() - started:.0f} s")
    pool.shutdown()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
