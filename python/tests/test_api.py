"""The Pythonic API: reading, building, solving, checking, writing,
generating, errors."""

import contextlib
import doctest
import io
import os
import pickle
import subprocess
import tempfile
import unittest

import cdok
from cdok import Cage, Verdict

from support import (CDOK, CORPUS, EXAMPLES, corpus, files, latin,
                     read_grid_file)

README6 = os.path.join(EXAMPLES, "readme6.spec")
WRONG6 = os.path.join(EXAMPLES, "readme6-wrong.txt")


def load_tests(loader, tests, ignore):
    # The examples of the package's docstring are run as they are shown.
    tests.addTests(doctest.DocTestSuite(cdok))
    return tests


def solution_of(path):
    return read_grid_file(os.path.splitext(path)[0] + ".sol")


class Reading(unittest.TestCase):
    def test_every_format_detected_and_named(self):
        cases = [("spec", README6),
                 ("keen", corpus("keen", "keen_6n_01.keen")),
                 ("solo", corpus("killer", "killer_ka_01.solo")),
                 ("killer", corpus("killer", "killer_ka_01.json")),
                 ("calpoly", corpus("calpoly", "gen01.in")),
                 ("ucf", corpus("ucf", "sample.in"))]
        for name, path in cases:
            with self.subTest(format=name):
                with open(path, "rb") as f:
                    text = f.read()
                self.assertEqual(cdok.detect(text), name)
                detected = cdok.load_all(path)
                named = cdok.load_all(path, name)
                self.assertEqual(detected, named)
                self.assertEqual(detected[0].name, path)
        p = cdok.load(README6)
        self.assertEqual(cdok.loads(p.dumps("json"), "json"), p)

    def test_hard_killer_lines(self):
        # ISS's collections (tests/data/iss_killers): the forums' line
        # and SudoCue's, Killer X, cells in no cage, a diagonal broken.
        data = os.path.join(CORPUS, "..", "iss_killers")
        with open(os.path.join(data, "hs_killers.txt")) as f:
            line = f.read().split("\n")[0]
        with open(os.path.join(data, "hs_killers.solutions")) as f:
            sol = f.read().split("\n")[0]
        self.assertEqual(cdok.detect(line), "sudocue")
        p = cdok.loads(line)
        self.assertTrue(p.diagonals)
        self.assertEqual(cdok.loads(p.dumps("sudocue")), p)
        grid = [[int(sol[9 * r + c]) for c in range(9)] for r in range(9)]
        self.assertEqual(p.check(grid), [])
        # Swap two columns that keep rows, columns and boxes right but
        # not the diagonals nor the cages: a diagonal problem is listed.
        bad = [row[:] for row in grid]
        for row in bad:
            row[0], row[1] = row[1], row[0]
        kinds = {pr.kind for pr in p.check(bad)}
        self.assertIn("diagonal", kinds)
        with open(os.path.join(data, "tarek_all.txt")) as f:
            line = f.read().split("\n")[21]
        self.assertEqual(cdok.detect(line), "arrows")
        q = cdok.loads(line)
        self.assertFalse(q.diagonals)
        self.assertEqual(cdok.loads(q.dumps("arrows")), q)
        with self.assertRaises(cdok.UnsupportedError):
            p.dumps("arrows")

    def test_text_path_and_file_objects(self):
        with open(README6) as f:
            text = f.read()
        by_text = cdok.loads(text)
        self.assertEqual(cdok.loads(text.encode()), by_text)
        self.assertEqual(cdok.load(README6), by_text)
        with open(README6) as f:
            self.assertEqual(cdok.load(f), by_text)
        with open(README6, "rb") as f:
            self.assertEqual(cdok.load(f), by_text)
        self.assertEqual(cdok.load(io.StringIO(text)), by_text)
        self.assertIsNone(by_text.name)

    def test_streams(self):
        puzzles = cdok.load_all(corpus("ucf", "sample.in"))
        self.assertGreater(len(puzzles), 1)
        with self.assertRaisesRegex(cdok.ParseError, "loads_all"):
            cdok.load(corpus("ucf", "sample.in"))

    def test_model(self):
        p = cdok.load(README6)
        self.assertEqual(p.size, 6)
        self.assertIsNone(p.boxes)
        self.assertFalse(p.killer or p.nylimb)
        self.assertEqual(p.givens[0], [None, None, 5, 2, None, None])
        j = p.cages[0]
        self.assertEqual(j, Cage("+", 12, ((0, 0), (1, 0), (2, 0)), "J"))
        k = cdok.load(corpus("killer", "killer_ka_01.solo"))
        self.assertEqual(k.boxes, (3, 3))
        self.assertTrue(k.killer)
        self.assertTrue(all(c.distinct for c in k.cages))
        n = cdok.load(corpus("nylimb", "GC7WQR5.puz"), nylimb=True)
        self.assertTrue(n.nylimb)


class Building(unittest.TestCase):
    def test_round_trip_of_every_corpus_puzzle_kind(self):
        for path in (README6, corpus("killer", "killer_ka_01.solo"),
                     corpus("calpoly", "gen01.in")):
            p = cdok.load(path)
            with self.subTest(path=os.path.basename(path)):
                again = cdok.Puzzle(p.size, p.cages, p.givens, boxes=p.boxes)
                self.assertEqual(again, p)
                self.assertEqual(str(again), str(p))

    def test_small_puzzle(self):
        p = cdok.Puzzle(2, [("+", 3, [(0, 0), (0, 1)]),
                            ("-", 1, [(1, 0), (1, 1)])],
                        {(0, 0): 1})
        r = p.solve()
        self.assertEqual(r.verdict, Verdict.UNIQUE)
        self.assertEqual(r.solution, [[1, 2], [2, 1]])
        self.assertEqual(p.givens, [[1, None], [None, None]])

    def test_killer_shorthand(self):
        k = cdok.load(corpus("killer", "killer_ka_01.solo"))
        cages = [(c.op, c.target, c.cells) for c in k.cages]
        built = cdok.Puzzle(9, cages, boxes=(3, 3), distinct=True)
        self.assertEqual(built, k)
        self.assertEqual(built.solve().solution,
                         solution_of(corpus("killer", "killer_ka_01.solo")))

    def test_rejected(self):
        cases = [
            (lambda: cdok.Puzzle(0), cdok.InvalidError, "size is 1..63"),
            (lambda: cdok.Puzzle("6"), TypeError, "size must be an int"),
            (lambda: cdok.Puzzle(2, [("%", 3, [(0, 0)])]), cdok.InvalidError,
             "operator"),
            (lambda: cdok.Puzzle(2, [("+", 3, [(0, 2)])]), cdok.InvalidError,
             "outside the 2 x 2 grid"),
            (lambda: cdok.Puzzle(2, [("+", 3, [(0, 0)]),
                                     ("+", 1, [(0, 0)])]),
             cdok.InvalidError, "already in cage 0"),
            (lambda: cdok.Puzzle(3, [("+", 3, [(0, 0), (2, 2)])]),
             cdok.InvalidError, "connected"),
            (lambda: cdok.Puzzle(2, givens=[[3, 0], [0, 0]]),
             cdok.InvalidError, "the given 3 in r1c1"),
            (lambda: cdok.Puzzle(2, givens=[[1, 0]]), cdok.InvalidError,
             "givens has 1 rows"),
            (lambda: cdok.Puzzle(6, boxes=(4, 2)), cdok.InvalidError,
             "do not tile"),
            (lambda: cdok.Puzzle(3, boxes=(1, 3)), cdok.InvalidError,
             "a box needs at least 2 rows and 2 columns"),
            (lambda: cdok.Puzzle(2, [("+", 1.5, [(0, 0)])]), TypeError,
             "target must be an int"),
            # A cell with neither a cage nor a given: refused when made,
            # not when printed or pickled (issue 31).
            (lambda: cdok.Puzzle(3, [cdok.Cage("+", 6, [(0, 0), (0, 1),
                                                        (0, 2)])], {}),
             cdok.InvalidError, "6 cells have neither a cage nor a given: "
             "r2c1 (row 2, column 1), r2c2, r2c3, r3c1, r3c2, r3c3; "),
            (lambda: cdok.Puzzle(2, [("+", 3, [(0, 0), (0, 1)])],
                                 {(1, 0): 1}),
             cdok.InvalidError, "1 cell has neither a cage nor a given: "
             "r2c2 (row 2, column 2);"),
            (lambda: cdok.Puzzle(4), cdok.InvalidError,
             "16 cells have neither a cage nor a given: r1c1 (row 1, "
             "column 1), r1c2, r1c3, r1c4, r2c1, r2c2, ...; every cell"),
        ]
        for i, (make, exc, words) in enumerate(cases):
            with self.subTest(case=i):
                with self.assertRaises(exc) as caught:
                    make()
                self.assertIn(words, str(caught.exception))


class Solving(unittest.TestCase):
    def test_corpus_solutions(self):
        paths = (files("cdok", ".spec")[:8] + files("keen", ".keen")[::20]
                 + files("killer", ".solo")[::5])
        for path in paths:
            with self.subTest(path=os.path.basename(path)):
                r = cdok.load(path).solve()
                self.assertEqual(r.verdict, Verdict.UNIQUE)
                self.assertTrue(r.unique and r.complete and not r.gave_up)
                self.assertEqual(r.count, 1)
                self.assertEqual(r.solution, solution_of(path))
                self.assertGreater(r.search_score, 0)
                with self.assertRaisesRegex(AttributeError,
                                            "grade\\(\\).difficulty"):
                    r.difficulty

    def test_limits_and_verdicts(self):
        path = corpus("ambiguous", "amb_sum_4x4.spec")
        p = cdok.load(path)
        sols = [solution_of(path),
                read_grid_file(path.replace(".spec", ".sol2"))]
        r = p.solve()
        self.assertEqual((r.verdict, r.count, r.search_score),
                         (Verdict.MULTIPLE, 2, None))
        r = p.solve(limit=None)
        self.assertEqual((r.verdict, r.count, r.complete),
                         (Verdict.MULTIPLE, 2, True))
        self.assertEqual(sorted(r.solutions), sorted(sols))
        r = p.solve(limit=1)
        self.assertEqual((r.verdict, r.count), (Verdict.FOUND, 1))
        self.assertIn(r.solution, sols)
        r = p.solve(limit=None, keep=0)
        self.assertEqual((r.count, r.solutions, r.solution), (2, [], None))
        r = cdok.load(corpus("invalid", "nosol_6x6.spec")).solve()
        self.assertEqual((r.verdict, r.count, r.solution),
                         (Verdict.NONE, 0, None))

    def test_budgets(self):
        many = latin(7)                    # every Latin square
        r = many.solve(limit=None, keep=0, max_nodes=5000)
        self.assertEqual(r.verdict, Verdict.MULTIPLE)
        self.assertTrue(r.gave_up and not r.complete and not r.timed_out)
        # No solution, found out only by a long search (tests/data/slow);
        # a solver that sees it at once may answer NONE.
        slow = cdok.load(os.path.join(CORPUS, "..", "slow",
                                      "nosol_slow_8x8.spec"))
        r = slow.solve(max_nodes=300)
        if r.verdict is Verdict.UNKNOWN:
            self.assertTrue(r.gave_up and not r.complete)
            self.assertIsNone(r.solution)
        else:
            self.assertEqual((r.verdict, r.complete), (Verdict.NONE, True))
        r = many.solve(limit=None, keep=0, timeout=0.05)
        self.assertTrue(r.gave_up and r.timed_out)
        calls = []

        def progress(nodes):
            calls.append(nodes)
            return len(calls) == 3

        r = many.solve(limit=None, keep=0, progress=progress)
        self.assertEqual(len(calls), 3)
        self.assertTrue(r.gave_up)
        self.assertEqual(calls, sorted(calls))

    def test_progress_exception_propagates(self):
        def progress(nodes):
            raise RuntimeError("stop here")

        with self.assertRaisesRegex(RuntimeError, "stop here"):
            latin(7).solve(limit=None, keep=0, progress=progress)

    def test_bad_arguments(self):
        p = cdok.load(README6)
        for kw in ({"limit": 0}, {"limit": -1}, {"keep": -2},
                   {"max_nodes": 0}, {"timeout": 0}, {"limit": 1.5}):
            with self.subTest(kw=kw), self.assertRaises(ValueError):
                p.solve(**kw)
        with self.assertRaises(TypeError):
            p.solve(progress=5)


class Checking(unittest.TestCase):
    def test_problems_with_sentences(self):
        p = cdok.load(README6)
        with open(WRONG6) as f:
            problems = p.check(f.read())
        self.assertEqual([str(q) for q in problems], [
            "the given 5 in r1c3 was changed to 4",
            "column 2 has 5 twice (rows 1 and 6)",
            "column 3 has 4 twice (rows 1 and 2)",
            "the 4/ cage at r1c2: the ratio is 5, not 4"])
        given, col2, _, cage = problems
        self.assertEqual((given.kind, given.cells, given.value, given.given),
                         ("given", ((0, 2),), 4, 5))
        self.assertEqual((col2.kind, col2.row, col2.column, col2.value,
                          col2.cells), ("column", None, 1, 5,
                                        ((0, 1), (5, 1))))
        self.assertEqual((cage.kind, cage.cage, cage.got, cage.cells),
                         ("cage", 1, 5, ((0, 1), (1, 1))))

    def test_right_grid_and_shapes(self):
        p = cdok.load(README6)
        sol = p.solve().solution
        self.assertEqual(p.check(sol), [])
        self.assertTrue(p.is_solution(sol))
        partial = [row[:] for row in sol]
        partial[2][3] = None
        problems = p.check(partial)
        self.assertEqual([q.kind for q in problems], ["value"])
        self.assertFalse(p.is_solution(partial))
        with self.assertRaises(cdok.InvalidError):
            p.check(sol[:5])

    def test_killer_kinds(self):
        path = corpus("killer", "killer_ka_01.solo")
        k = cdok.load(path)
        grid = solution_of(path)
        grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
        kinds = {q.kind for q in k.check(grid)}
        self.assertIn("box", kinds | {"box"})
        self.assertTrue(kinds <= {"column", "box", "cage", "cage-repeat"})
        bad = [[1] * 9 for _ in range(9)]
        box = [q for q in k.check(bad) if q.kind == "box"][0]
        self.assertEqual(box.cells, tuple((r, c) for r in range(3)
                                          for c in range(3)))


class Writing(unittest.TestCase):
    def test_every_writable_format(self):
        plain = cdok.load(corpus("keen", "keen_6n_01.keen"))
        killer = cdok.load(corpus("killer", "killer_ka_01.solo"))
        for fmt in cdok.formats():
            if "write" not in fmt.flags:
                continue
            for p in (plain, killer):
                with self.subTest(format=fmt.name, killer=p.killer):
                    try:
                        text = p.dumps(fmt.name)
                    except cdok.UnsupportedError as error:
                        self.assertTrue(error.message)
                        continue
                    # The pictures (png, pdf) are bytes; the rest text.
                    self.assertIsInstance(
                        text, bytes if "binary" in fmt.flags else str)
                    if "read" in fmt.flags:
                        self.assertEqual(cdok.loads(text, fmt.name), p)

    def test_empty_cells_and_nylimb_zeros(self):
        k = cdok.load(corpus("killer", "killer_ka_01.solo"))
        partial = solution_of(corpus("killer", "killer_ka_01.solo"))
        partial[0][0] = None
        for fmt in ("killer", "spec", "ascii", "json"):
            with self.subTest(format=fmt):
                self.assertTrue(k.dumps(fmt, partial))
        n = cdok.load(corpus("nylimb", "GC7WQR5.puz"), nylimb=True)
        sol = n.solve().solution
        self.assertIn(0, [v for row in sol for v in row])
        self.assertEqual(cdok.read_grid(n.dumps("spec", sol), n.size), sol)

    def test_unsupported_and_unknown(self):
        p = cdok.load(README6)
        with self.assertRaisesRegex(cdok.UnsupportedError,
                                    "is a ratio cage; the calpoly format"):
            p.dumps("calpoly")
        with self.assertRaisesRegex(cdok.Error, "unknown format 'nope'"):
            p.dumps("nope")
        with self.assertRaisesRegex(cdok.UnsupportedError, "never read"):
            cdok.loads("x", "ascii")

    def test_answers_and_streams(self):
        puzzles = cdok.load_all(corpus("ucf", "sample.in"))
        sols = [p.solve().solution for p in puzzles]
        with open(corpus("ucf", "sample.out")) as f:
            self.assertEqual(cdok.dumps(puzzles, "ucf", solutions=sols),
                             f.read())
        skipped = cdok.dumps(puzzles, "ucf",
                             solutions=[None] + sols[1:])
        self.assertNotIn("#1:", skipped)
        self.assertIn("KenKen Puzzle #2:", skipped)
        with open(corpus("ucf", "sample.in")) as f:
            self.assertEqual(cdok.dumps(puzzles, "ucf"), f.read())
        lines = cdok.dumps(puzzles, "json", compact=True).splitlines()
        self.assertEqual(len(lines), len(puzzles))

    def test_dump_to_path_and_file(self):
        p = cdok.load(corpus("keen", "keen_6n_01.keen"))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.keen")
            p.dump(path, "keen")
            self.assertEqual(cdok.load(path), p)
            cdok.dump([p, p], path, "keen")
            self.assertEqual(cdok.load_all(path), [p, p])
            with self.assertRaises(cdok.UnsupportedError):
                cdok.dump(p, path, "calpoly")
            self.assertEqual(len(cdok.load_all(path)), 2)  # untouched
        out = io.StringIO()
        p.dump(out, "utf8", p.solve().solution)
        self.assertIn("╔", out.getvalue())


class Generating(unittest.TestCase):
    def test_same_as_the_program(self):
        p = cdok.generate(6, seed=11, ops="+*", two_cell=True)
        self.assertEqual(p.seed, 11)
        self.assertEqual(p.solve().verdict, Verdict.UNIQUE)
        self.assertEqual(cdok.generate(6, seed=11, ops="+*", two_cell=True),
                         p)
        if os.path.exists(CDOK):
            out = subprocess.run([CDOK, "-s", "6", "--seed", "11", "--ops",
                                  "+*", "-T", "--to", "spec", "generate"],
                                 capture_output=True, text=True, check=True)
            self.assertEqual(out.stdout, str(p))

    def test_killer_and_nylimb(self):
        k = cdok.generate(killer=True, seed=2)
        self.assertEqual((k.size, k.boxes), (9, (3, 3)))
        self.assertEqual(k.solve().verdict, Verdict.UNIQUE)
        n = cdok.generate(5, nylimb=True, two_cell=True, seed=4)
        self.assertTrue(n.nylimb)
        self.assertEqual(n.solve().verdict, Verdict.UNIQUE)
        self.assertIsInstance(cdok.generate(4).seed, int)

    def test_sudoku(self):
        s = cdok.generate(sudoku=True, seed=1, level="intermediate")
        self.assertEqual((s.size, s.boxes), (9, (3, 3)))
        self.assertEqual(s.solve().verdict, Verdict.UNIQUE)
        self.assertEqual(s.grade().level.name, "Intermediate")
        line = s.dumps("sudoku")
        self.assertEqual(len(line), 82)
        self.assertEqual(cdok.loads(line).dumps("sudoku"), line)
        if os.path.exists(CDOK):
            out = subprocess.run([CDOK, "--sudoku", "--seed", "1", "--level",
                                  "intermediate", "--to", "sudoku",
                                  "generate"],
                                 capture_output=True, text=True, check=True)
            self.assertEqual(out.stdout, line)
        self.assertEqual(cdok.generate(6, sudoku=True, seed=3).boxes, (2, 3))
        with self.assertRaises(ValueError):
            cdok.generate(sudoku=True, killer=True)

    def test_default_level_as_the_program(self):
        # The library's one decision: Killer and Sudoku up to 9 x 9 are
        # Basic when no level, rounds or difficulty is named, and a seed
        # makes the program's puzzle.
        k = cdok.generate(killer=True, seed=5)
        self.assertEqual(k.grade().level.name, "Basic")
        self.assertEqual(cdok.generate(4, sudoku=True, seed=2)
                         .grade().level.name, "Trivial")
        if os.path.exists(CDOK):
            out = subprocess.run([CDOK, "--killer", "--seed", "5", "--to",
                                  "spec", "generate"],
                                 capture_output=True, text=True, check=True)
            self.assertEqual(out.stdout, str(k))
        # Rounds named: every level, as cdok generate -w.
        self.assertNotEqual(cdok.generate(killer=True, seed=5, iterations=0),
                            k)

    def test_bad_options(self):
        with self.assertRaisesRegex(ValueError, "must be all, mul, add, "
                                    "addsub or operator characters"):
            cdok.generate(6, ops="+x")
        with self.assertRaisesRegex(ValueError, "must hold"):
            cdok.generate(6, ops="-/")
        with self.assertRaises(TypeError):
            cdok.generate(6, ops=3)
        with self.assertRaisesRegex(cdok.InvalidError, "Normal is the "
                                    "hardest level"):
            cdok.generate(3, level="hard")
        with self.assertRaises(ValueError):
            cdok.generate(6, ops="+x")
        with self.assertRaises(ValueError):
            cdok.generate(6, ops="-/")
        with self.assertRaises(cdok.InvalidError):
            cdok.generate(7, killer=True, boxes=(2, 3))


class Errors(unittest.TestCase):
    def test_positions_and_file(self):
        path = corpus("invalid", "malformed_jagged.spec")
        with self.assertRaises(cdok.ParseError) as caught:
            cdok.load(path)
        e = caught.exception
        self.assertEqual((e.file, e.line, e.column), (path, 4, 12))
        self.assertEqual(str(e), f"{path}:4:12: {e.message}")
        self.assertEqual(e.status, "syntax error")
        self.assertIsInstance(e, ValueError)

    def test_every_invalid_corpus_file_fails_cleanly(self):
        for path in files("invalid", ".spec"):
            if os.path.basename(path).startswith("nosol"):
                continue
            with self.subTest(path=os.path.basename(path)):
                with self.assertRaises(cdok.Error) as caught:
                    cdok.load(path)
                self.assertEqual(caught.exception.file, path)
                self.assertTrue(caught.exception.message)

    def test_hierarchy_and_pickle(self):
        for cls in (cdok.ParseError, cdok.InvalidError, cdok.LimitError,
                    cdok.UnsupportedError):
            self.assertTrue(issubclass(cls, cdok.Error))
        e = cdok.ParseError("bad", file="f", line=2, column=3)
        again = pickle.loads(pickle.dumps(e))
        self.assertEqual((type(again), str(again)), (cdok.ParseError,
                                                      "f:2:3: bad"))

    def test_empty_and_types(self):
        with self.assertRaisesRegex(cdok.ParseError, "empty"):
            cdok.loads("  \n")
        with self.assertRaises(TypeError):
            cdok.loads(12)
        with self.assertRaises(TypeError):
            cdok.load(12)
        with self.assertRaises(OSError):
            cdok.load(README6 + ".missing")


class Readme(unittest.TestCase):
    def test_python_example_runs_as_shown(self):
        readme = os.path.join(os.path.dirname(EXAMPLES), "README.md")
        with open(readme) as f:
            text = f.read()
        block = text.split("```python\n", 1)[1].split("```", 1)[0]
        out = io.StringIO()
        cwd = os.getcwd()
        os.chdir(os.path.dirname(readme))
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(block, "README.md", "exec"), {})
        finally:
            os.chdir(cwd)
        self.assertTrue(out.getvalue().startswith(
            "unique 10051\n[6, 4, 5, 2, 1, 3]\n"
            "given ((0, 2),) the given 5 "), out.getvalue())


class Objects(unittest.TestCase):
    def test_version(self):
        with open(os.path.join(os.path.dirname(EXAMPLES), "include",
                               "cdok.h")) as f:
            self.assertIn(f'#define CDOK_VERSION "{cdok.__version__}"',
                          f.read())

    def test_pickle_equality_repr(self):
        p = cdok.load(corpus("killer", "killer_ka_01.solo"))
        again = pickle.loads(pickle.dumps(p))
        self.assertEqual(again, p)
        self.assertEqual(hash(again), hash(p))
        self.assertEqual(again.name, p.name)
        self.assertNotEqual(p, cdok.load(README6))
        self.assertIn("Killer 9x9", repr(p))
        self.assertIn("unique", repr(p.solve()))

    def test_immutable(self):
        p = cdok.load(README6)
        g = p.givens
        g[0][0] = 3
        self.assertIsNone(p.givens[0][0])
        with self.assertRaises(AttributeError):
            p.size = 5


if __name__ == "__main__":
    unittest.main()
