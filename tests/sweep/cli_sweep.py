#!/usr/bin/python3
"""cli_sweep.py -- make check-ci's sweeps through the cdok program.

    cli_sweep.py hints  --cdok build/cdok      [--count N] [--seed S]
    cli_sweep.py mutate --cdok build/asan/cdok [--count N] [--seed S]

hints: generated puzzles (Calcudoku 3 x 3 to 9 x 9, Killer 4 x 4 to
9 x 9, a third of them to a random level; seeds S, S+1, ...) are
played from their givens to the end by `hint --apply`, each state read
back with --state.  A finding is a step
that places a value other than the solution's (`solve` gives it), pencil
marks that leave out the solution's value, a step that changes nothing,
any status other than 0 before the end, or an end other than status 9
with every cell filled.

mutate: files of the test corpus, the examples, the regression inputs
and the fuzz seeds, each changed by a few random edits (bytes flipped,
cut, repeated or inserted, numbers made extreme, lines doubled or
swapped, a byte-order mark, a NUL), go through a random command of the
program (examine, solve, check, print, convert to every format, hint,
explain, harden), searches bounded by --max-nodes.  A finding is a
signal, a sanitizer report, a status the program does not document, an
error status without a "cdok: " message, or a run still going after
120 seconds (a hang; the bound is a backstop, far above any run here).

Everything follows from the seed and the count: no run depends on the
clock.  Findings are printed with what reproduces them; the exit status
is 1 when there are any.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HANG_SECONDS = 120
# The statuses of doc/cdok.1.scd ("Exit status").
DOCUMENTED = set(range(0, 12))
# Statuses that always come with a message on standard error.
NEED_MESSAGE = {3, 4, 5, 6}
SANITIZER_WORDS = ("AddressSanitizer", "LeakSanitizer",
                   "UndefinedBehaviorSanitizer", "runtime error:")
SAN_ENV = {
    "ASAN_OPTIONS": "exitcode=97:detect_leaks=1",
    "UBSAN_OPTIONS": "halt_on_error=1:exitcode=98:print_stacktrace=1",
    "LSAN_OPTIONS": "exitcode=96",
}


def run(cdok, args, stdin=None):
    env = dict(os.environ, LC_ALL="C", **SAN_ENV)
    try:
        p = subprocess.run([cdok] + args, input=stdin, capture_output=True,
                           env=env, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return p.returncode, p.stdout, p.stderr


# ---- hints ----

def read_state(text, n):
    """A state's rows: each cell an int, None, or a set of marks."""
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells, i = [], 0
        while i < len(line):
            c = line[i]
            if c in " \t":
                i += 1
            elif c == "{":
                j = line.index("}", i)
                body = line[i + 1:j]
                marks = ({int(x) for x in body.split(",")} if "," in body
                         else {int(x) for x in body})
                cells.append(marks)
                i = j + 1
            elif c == ".":
                cells.append(None)
                i += 1
            else:
                j = i
                while j < len(line) and line[j].isdigit():
                    j += 1
                v = int(line[i:j])
                cells.append(v if v else None)
                i = j
        rows.append(cells)
    if len(rows) != n or any(len(r) != n for r in rows):
        raise ValueError("a state of %d rows, not %d x %d" % (len(rows), n,
                                                             n))
    return rows


def hint_case(cdok, seed, tmp):
    rng = random.Random(seed)
    killer = rng.random() < 0.5
    n = rng.choice([4, 6, 8, 9]) if killer else rng.randint(3, 9)
    gen = ["-s", str(n), "--seed", str(seed), "--to", "spec"]
    if killer:
        gen.append("--killer")
    # A third made to a level: the hardest levels' trial and error, and
    # the givens a Killer level may add.
    if rng.random() < 0.33:
        levels = ("tbiaeu" if n > 4 else "t") if killer else \
                 ("enhxu" if n > 3 else "en")
        gen += ["--level", rng.choice(levels)]
    what = "cdok %s generate" % " ".join(gen)
    st, out, err = run(cdok, gen + ["generate"])
    if st != 0:
        return ["%s: status %s: %s" % (what, st, err.decode(errors="replace"))]
    puzzle = os.path.join(tmp, "p%d.spec" % seed)
    with open(puzzle, "wb") as f:
        f.write(out)
    # The givens (a bare number, or =V after a cage cell): a state
    # leaves them out.
    rows = [line.split() for line in out.decode().splitlines()
            if line and not line.startswith("@")][:n]
    given = {(y, x) for y, row in enumerate(rows)
             for x, tok in enumerate(row) if tok.isdigit() or "=" in tok}
    st, out, err = run(cdok, ["solve", puzzle])
    if st != 0:
        return ["%s | cdok solve: status %s" % (what, st)]
    # The solution grid first, after the spec's directives.
    lines = [line for line in out.decode().splitlines()
             if not line.startswith("@")]
    sol = [[int(x) for x in line.split()] for line in lines[:n]]
    state = os.path.join(tmp, "s%d" % seed)
    open(state, "w").close()
    last = None
    for step in range(n * n * (n + 2)):
        st, out, err = run(cdok, ["hint", "--apply", "--state", state,
                                  puzzle])
        where = "%s, hint step %d" % (what, step + 1)
        if st == 9:
            rows = read_state(open(state).read(), n) if last else None
            if rows is None or any(not isinstance(rows[y][x], int)
                                   and (y, x) not in given
                                   for y in range(n) for x in range(n)):
                return ["%s: status 9 (solved) on a grid not full" % where]
            return []
        if st != 0:
            return ["%s: status %s: %s" % (where, st,
                                           err.decode(errors="replace"))]
        text = out.decode()
        try:
            rows = read_state(text, n)
        except ValueError as e:
            return ["%s: %s" % (where, e)]
        if text == last:
            return ["%s: the step changed nothing: %s" % (
                where, text.splitlines()[0])]
        for y in range(n):
            for x in range(n):
                c, v = rows[y][x], sol[y][x]
                if isinstance(c, int) and c != v:
                    return ["%s: r%dc%d holds %d, the solution %d (%s)" % (
                        where, y + 1, x + 1, c, v, text.splitlines()[0])]
                if isinstance(c, set) and v not in c:
                    return ["%s: r%dc%d's marks leave out the solution's "
                            "%d (%s)" % (where, y + 1, x + 1, v,
                                         text.splitlines()[0])]
        with open(state, "w") as f:
            f.write(text)
        last = text
    return ["%s: no end after %d steps" % (what, n * n * (n + 2))]


def hints(args):
    findings, steps = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.count):
            findings += hint_case(args.cdok, args.seed + k, tmp)
    print("hint replay: %d generated puzzles (seeds %d..%d) played to the "
          "end with hint --apply; findings: %d" % (
              args.count, args.seed, args.seed + args.count - 1,
              len(findings)))
    for f in findings[:20]:
        print("finding: " + f)
    return 1 if findings else 0


# ---- mutations ----

SOURCES = ("tests/data/corpus", "tests/data/regress", "examples",
           "fuzz/seeds")
EXTREME = [b"0", b"-1", b"1", b"63", b"64", b"65", b"99", b"100", b"3969",
           b"4096", b"2147483647", b"2147483648", b"9223372036854775807",
           b"99999999999999999999", b"-9223372036854775808"]
FORMATS = ["spec", "keen", "ucf", "calpoly", "solo", "killer", "json",
           "ascii", "utf8"]


PUZZLE_ENDINGS = (".spec", ".keen", ".in", ".solo", ".json", ".puz",
                  ".killer", ".ucf", ".calpoly")


def corpus_files():
    """The puzzle files (solutions and expected outputs left out)."""
    files = []
    for top in SOURCES:
        for d, _, names in os.walk(top):
            files += [os.path.join(d, name) for name in names
                      if name.endswith(PUZZLE_ENDINGS)]
    return sorted(files)


def mutate_bytes(rng, data):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        # Numbers changed most often: the text still reads, and the
        # solver, the checker and the writers get the strange puzzle.
        kind = 3 if rng.random() < 0.35 else rng.randrange(10)
        pos = rng.randrange(len(data) + 1)
        if kind == 0 and data:                 # flip a byte
            data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:                        # cut a stretch
            del data[pos:pos + rng.randint(1, 40)]
        elif kind == 2:                        # insert bytes
            data[pos:pos] = bytes(rng.choice(b"0123456789+-*/x.=@{}, \t\n"
                                             b"ABCabc#:|\"[]")
                                  for _ in range(rng.randint(1, 8)))
        elif kind == 3:                        # a number made extreme
            digits = [i for i in range(len(data))
                      if chr(data[i]).isdigit()]
            if digits:
                i = rng.choice(digits)
                j = i
                while j < len(data) and chr(data[j]).isdigit():
                    j += 1
                data[i:j] = rng.choice(EXTREME)
        elif kind == 4:                        # a line doubled
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 5:                        # two lines swapped
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
        elif kind == 6:                        # cut short
            del data[pos:]
        elif kind == 7:                        # a byte-order mark
            data[0:0] = b"\xef\xbb\xbf"
        elif kind == 8:                        # a NUL or a CR
            data[pos:pos] = rng.choice([b"\0", b"\r", b"\r\n"])
        else:                                  # a stretch repeated
            chunk = data[pos:pos + rng.randint(1, 200)]
            data[pos:pos] = chunk * rng.randint(1, 3)
    return bytes(data)


def command_for(rng, path, tmp):
    """The arguments of one run over the mutated file at path."""
    cmd = rng.choice(["examine", "solve", "solve", "check", "print",
                      "convert", "hint", "explain", "harden", "examine"])
    args = []
    if rng.random() < 0.1:
        args.append("-N")
    if cmd in ("examine", "solve"):
        args += ["--max-nodes", str(rng.choice([100, 2000, 20000]))]
        if rng.random() < 0.3:
            args += ["--limit", str(rng.randint(1, 4))]
        if rng.random() < 0.2:
            args += ["--to", "json"]
        elif cmd == "solve" and rng.random() < 0.2 and "--limit" not in args:
            args += ["--to", rng.choice(["spec", "ucf", "ascii"])]
    elif cmd == "convert":
        args += ["--to", rng.choice(FORMATS)]
    elif cmd == "hint":
        if rng.random() < 0.5:
            args += ["--apply"]
        if rng.random() < 0.3:
            args += ["--level", rng.choice(["e", "u"])]
    elif cmd == "explain":
        if rng.random() < 0.3:
            args += ["--to", "json"]
    elif cmd == "harden":
        args += ["--seed", str(rng.randint(1, 9)), "--timeout", "1000"]
    elif cmd == "check":
        grid = os.path.join(tmp, "grid")
        with open(grid, "w") as f:
            n = rng.randint(1, 9)
            for _ in range(n):
                f.write(" ".join(str(rng.randint(0, n + 1))
                                 for _ in range(n)) + "\n")
        return args + [cmd, path, grid]
    return args + [cmd, path]


def mutate(args):
    files = corpus_files()
    rng = random.Random(args.seed)
    findings, by_status = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.count):
            src = rng.choice(files)
            with open(src, "rb") as f:
                data = mutate_bytes(rng, f.read())
            path = os.path.join(tmp, "input" + os.path.splitext(src)[1])
            with open(path, "wb") as f:
                f.write(data)
            argv = command_for(rng, path, tmp)
            st, out, err = run(args.cdok, argv)
            by_status[st] = by_status.get(st, 0) + 1
            if os.environ.get("SWEEP_DEBUG") == str(st):
                print("cdok %s -> %s: %s" % (" ".join(argv), st,
                                             err.decode(errors="replace")
                                             .strip()[:200]))
            text = err.decode(errors="replace")
            why = None
            if st is None:
                why = "still running after %d seconds" % HANG_SECONDS
            elif st < 0:
                why = "killed by signal %d" % -st
            elif any(w in text for w in SANITIZER_WORDS):
                why = "a sanitizer report"
            elif st not in DOCUMENTED:
                why = "status %d, which the program does not document" % st
            elif st in NEED_MESSAGE and not text.startswith("cdok: "):
                why = "status %d without a 'cdok: ' message" % st
            if why:
                keep = os.path.join(args.keep, "mutant-%d%s" % (
                    k, os.path.splitext(src)[1]))
                os.makedirs(args.keep, exist_ok=True)
                with open(keep, "wb") as f:
                    f.write(data)
                shown = [keep if a == path else a for a in argv]
                findings.append("run %d (%s mutated): cdok %s: %s\n%s" % (
                    k, src, " ".join(shown), why, text[-2000:]))
    print("mutation run: %d runs of %s over mutated corpus files (seed "
          "%d); statuses %s; findings: %d" % (
              args.count, args.cdok, args.seed,
              ", ".join("%s: %d" % (s, c) for s, c in
                        sorted(by_status.items(), key=lambda i: str(i[0]))),
              len(findings)))
    for f in findings[:20]:
        print("finding: " + f)
    return 1 if findings else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["hints", "mutate"])
    ap.add_argument("--cdok", default="build/cdok")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default="build/sweep-findings",
                    help="where the inputs of findings are kept")
    args = ap.parse_args()
    return hints(args) if args.what == "hints" else mutate(args)


if __name__ == "__main__":
    sys.exit(main())
