"""cdok.killer: the Killer Sudoku seed's solve(board, cages) and its
command line."""

import copy
import json
import os
import unittest

import cdok
from cdok import killer

from support import EXAMPLES, corpus, files, read_grid_file, run_module

EXPERT = [corpus("killer", f"barium_expert-{i}.json") for i in (1, 2)]


def seed_shapes(path):
    """(board, cages) from a Barium JSON file, as the seed's own
    load_from_file builds them."""
    with open(path) as f:
        data = json.load(f)
    return data["board"], [(total, [(x, y) for x, y in cells])
                           for total, cells in data["cages"]]


class SolveCorpus(unittest.TestCase):
    def test_every_corpus_puzzle(self):
        paths = files("killer", ".json") + files("killer", ".solo")
        self.assertGreaterEqual(len(paths), 60)
        for path in paths:
            with self.subTest(path=os.path.basename(path)):
                board, cages = killer.load_from_file(path)
                rows = list(board)
                self.assertIs(killer.solve(board, cages), True)
                want = read_grid_file(os.path.splitext(path)[0] + ".sol")
                self.assertEqual(board, want)
                # The solution went into the caller's row lists.
                for row, same in zip(board, rows):
                    self.assertIs(row, same)

    def test_load_from_file_keeps_the_json_as_written(self):
        for path in EXPERT:
            self.assertEqual(killer.load_from_file(path), seed_shapes(path))

    def test_solo_converts_to_the_same_puzzle_as_its_json(self):
        solo = corpus("killer", "killer_kt_03.solo")
        as_json = corpus("killer", "killer_kt_03.json")
        board, cages = killer.load_from_file(solo)
        self.assertEqual(killer.to_puzzle(board, cages), cdok.load(as_json))

    def test_expert_files_with_unique(self):
        for path in EXPERT:
            board, cages = seed_shapes(path)
            self.assertTrue(killer.solve(board, cages, unique=True))
            self.assertEqual(
                board, read_grid_file(path.replace(".json", ".sol")))

    def test_givens_on_the_board_are_kept(self):
        board, cages = seed_shapes(EXPERT[0])
        want = read_grid_file(EXPERT[0].replace(".json", ".sol"))
        for y, x in ((0, 0), (4, 4), (8, 2)):
            board[y][x] = want[y][x]
        self.assertTrue(killer.solve(board, cages))
        self.assertEqual(board, want)


class Failure(unittest.TestCase):
    def assert_false_unchanged(self, board, cages, **kw):
        before = copy.deepcopy(board)
        rows = list(board)
        self.assertIs(killer.solve(board, cages, **kw), False)
        self.assertEqual(board, before)
        for row, same in zip(board, rows):
            self.assertIs(row, same)

    def test_no_solution_leaves_the_board(self):
        board, cages = seed_shapes(corpus("invalid", "nosol_killer.json"))
        self.assert_false_unchanged(board, cages)

    def test_clashing_givens(self):
        board, cages = seed_shapes(EXPERT[1])
        board[0][0] = board[0][1] = 5
        self.assert_false_unchanged(board, cages)

    def test_unreachable_total(self):
        board, cages = seed_shapes(EXPERT[0])
        two = next(i for i, (_, cells) in enumerate(cages)
                   if len(cells) == 2)
        cages[two] = (30, cages[two][1])
        self.assert_false_unchanged(board, cages)

    def test_several_solutions(self):
        path = corpus("ambiguous", "amb_killer.json")
        sols = [read_grid_file(path.replace(".json", ext))
                for ext in (".sol", ".sol2")]
        board, cages = seed_shapes(path)
        self.assert_false_unchanged(board, cages, unique=True)
        self.assertTrue(killer.solve(board, cages))
        self.assertIn(board, sols)
        result = killer.solve_result(*seed_shapes(path), unique=True)
        self.assertEqual(result.verdict, cdok.Verdict.MULTIPLE)


class Malformed(unittest.TestCase):
    """Bad data raises TypeError or ValueError with the reason, and the
    board is not touched."""

    CASES = [
        # (change, exception, words of the message)
        (lambda b, c: ("board", c), TypeError, "board must be a list"),
        (lambda b, c: (b[:8], c), ValueError, "board has 8 rows"),
        (lambda b, c: ([tuple(r) for r in b], c), TypeError,
         "board[0] must be a list"),
        (lambda b, c: ([r + [0] for r in b], c), ValueError,
         "board[0] has 10 values"),
        (lambda b, c: (b, c), None, None),
        (lambda b, c: (b, {"cages": c}), TypeError, "cages must be a list"),
        (lambda b, c: (b, c + [5]), TypeError, "must be a pair (total"),
        (lambda b, c: (b, c + [(5, [(0, 0)], 1)]), ValueError, "has 3 items"),
        (lambda b, c: (b, [("13", c[0][1])] + c[1:]), TypeError,
         "cages[0][0] (the total) must be an int"),
        (lambda b, c: (b, [(0, c[0][1])] + c[1:]), ValueError,
         "cages[0][0] (the total) is 0, outside 1.."),
        (lambda b, c: (b, [(c[0][0], [])] + c[1:]), ValueError,
         "cages[0][1] (the cells) has 0 cells"),
        (lambda b, c: (b, [(c[0][0], "ab")] + c[1:]), TypeError,
         "cages[0][1] (the cells) must be a list"),
        (lambda b, c: (b, [(c[0][0], [(9, 0)])] + c[1:]), ValueError,
         "cages[0][1][0][0] (x, the column) is 9, outside 0..8"),
        (lambda b, c: (b, [(c[0][0], [(0, 1.5)])] + c[1:]), TypeError,
         "cages[0][1][0][1] (y, the row) must be an int"),
        (lambda b, c: (b, [(c[0][0], [(0, 0, 0)])] + c[1:]), ValueError,
         "cages[0][1][0] has 3 items"),
        (lambda b, c: (b, c + [(3, [c[0][1][0]])]), ValueError,
         "is already in cages[0]"),
        (lambda b, c: (b, c[1:]), ValueError, "is in no cage"),
    ]

    def test_cases(self):
        base_board, base_cages = seed_shapes(EXPERT[0])
        for i, (change, exc, words) in enumerate(self.CASES):
            board, cages = change(copy.deepcopy(base_board),
                                  copy.deepcopy(base_cages))
            with self.subTest(case=i):
                if exc is None:
                    self.assertTrue(killer.solve(board, cages))
                    continue
                before = copy.deepcopy(board)
                with self.assertRaises(exc) as caught:
                    killer.solve(board, cages)
                self.assertIn(words, str(caught.exception))
                self.assertEqual(board, before)

    def test_rows_that_are_one_list(self):
        _, cages = seed_shapes(EXPERT[0])
        board = [[0] * 9] * 9
        with self.assertRaisesRegex(ValueError,
                                    r"board\[1\] is the same list as "
                                    r"board\[0\]"):
            killer.solve(board, cages)
        self.assertEqual(board, [[0] * 9] * 9)

    def test_values(self):
        board, cages = seed_shapes(EXPERT[0])
        board[1][4] = 10
        with self.assertRaisesRegex(ValueError,
                                    r"board\[1\]\[4\] is 10, outside 0\.\.9"):
            killer.solve(board, cages)
        board[1][4] = True
        with self.assertRaisesRegex(TypeError, "must be an int, not bool"):
            killer.solve(board, cages)

    def test_cage_in_pieces(self):
        board, cages = seed_shapes(EXPERT[0])
        # Swap one cell between two two-cell cages far apart.
        i = next(k for k, (_, cells) in enumerate(cages) if len(cells) == 2)
        j = max(k for k, (_, cells) in enumerate(cages) if len(cells) == 2)
        (ti, ci), (tj, cj) = cages[i], cages[j]
        cages[i] = (ti, [ci[0], cj[0]])
        cages[j] = (tj, [ci[1], cj[1]])
        with self.assertRaisesRegex(ValueError, "is not connected"):
            killer.solve(board, cages)

    def test_listed_twice(self):
        board, cages = seed_shapes(EXPERT[0])
        total, cells = cages[2]
        cages[2] = (total, cells + [cells[0]])
        with self.assertRaisesRegex(ValueError, "is listed twice"):
            killer.solve(board, cages)

    def test_errors_are_cdok_errors(self):
        board, cages = seed_shapes(EXPERT[0])
        with self.assertRaises(cdok.InvalidError):
            killer.solve(board[:3], cages)

    def test_bad_file(self):
        path = corpus("invalid", "malformed_jagged.spec")
        with self.assertRaises(cdok.ParseError) as caught:
            killer.load_from_file(path)
        self.assertEqual(caught.exception.file, path)
        self.assertIsNotNone(caught.exception.line)
        with self.assertRaises(cdok.UnsupportedError):
            killer.load_from_file(os.path.join(EXAMPLES, "readme6.spec"))
        with self.assertRaises(OSError):
            killer.load_from_file(path + ".missing")


class CommandLine(unittest.TestCase):
    def test_solves_and_draws(self):
        run = run_module("cdok.killer", EXPERT[0])
        self.assertEqual(run.returncode, 0, run.stderr)
        out = run.stdout.decode()
        self.assertIn(EXPERT[0], out)
        self.assertIn("Solved:", out)
        first = " ".join(str(v) for v in read_grid_file(
            EXPERT[0].replace(".json", ".sol"))[0])
        # The first line of values of the drawing (doc/FORMAT.md §8:
        # a Killer drawing's frame is '#', its lines '|', ':' and '!').
        drawn = [line for line in out.splitlines() if line.startswith("#  ")]
        self.assertEqual(" ".join(drawn[0].translate(
            str.maketrans("#|:!", "    ")).split()), first)

    def test_options(self):
        run = run_module("cdok.killer", "--stats", "--show-initial-board",
                         "--benchmark", EXPERT[1])
        self.assertEqual(run.returncode, 0, run.stderr)
        out = run.stdout.decode()
        border = "#" * 55 + "\n"
        self.assertEqual(out.count(border), 4)  # two drawings
        self.assertIn("Search nodes: ", out)
        self.assertIn("Guesses (branch points): ", out)
        self.assertRegex(out, r"Time to solve .*: [0-9.]+ us \(median of "
                              r"[0-9]+ runs")

    def test_about(self):
        run = run_module("cdok.killer", "--about")
        self.assertEqual(run.returncode, 0)
        self.assertIn(b"Killer Sudoku", run.stdout)

    def test_statuses(self):
        nosol = corpus("invalid", "nosol_killer.json")
        bad = corpus("invalid", "malformed_jagged.spec")
        run = run_module("cdok.killer", nosol)
        self.assertEqual(run.returncode, 1)
        self.assertIn(b"no solution", run.stdout)
        run = run_module("cdok.killer", bad, EXPERT[0])
        self.assertEqual(run.returncode, 3)
        self.assertRegex(run.stderr.decode(), r"^cdok\.killer: .*"
                         r"malformed_jagged\.spec:[0-9]+:[0-9]+: ")
        self.assertIn(b"Solved:", run.stdout)  # the next file still is
        run = run_module("cdok.killer")
        self.assertEqual(run.returncode, 2)


if __name__ == "__main__":
    unittest.main()
