"""cdok.calpoly: the Cal Poly assignment's functions and its program."""

import io
import os
import sys
import unittest
from unittest import mock

import cdok
from cdok import calpoly

from support import corpus, files, read_grid_file, run_module

# The assignment's sample puzzle and solution (test1.in in its words).
SAMPLE_CAGES = [[5, 2, 0, 5], [8, 3, 1, 2, 6], [8, 2, 3, 8],
                [6, 3, 4, 9, 14], [13, 3, 7, 12, 13], [5, 2, 10, 15],
                [14, 4, 11, 16, 20, 21], [6, 3, 17, 18, 22],
                [10, 3, 19, 23, 24]]
SOLVED = [[4, 1, 2, 5, 3],
          [1, 5, 4, 3, 2],
          [2, 3, 5, 4, 1],
          [3, 4, 1, 2, 5],
          [5, 2, 3, 1, 4]]


def read_cages(path):
    """The cage rows of an .in file, as the assignment's main stores
    them."""
    with open(path) as f:
        rows = [[int(v) for v in line.split()] for line in f if line.strip()]
    return rows[1:1 + rows[0][0]]


def assignment_search(cages, n):
    """The assignment's own algorithm (its steps 1-3), written from its
    text on the module's validate_all: the first valid full grid found
    by incrementing cells in reading order."""
    grid = [[0] * n for _ in range(n)]
    cell = 0
    while cell < n * n:
        r, c = divmod(cell, n)
        grid[r][c] += 1
        if grid[r][c] > n:
            grid[r][c] = 0
            cell -= 1
            if cell < 0:
                return None
        elif calpoly.validate_all(grid, cages):
            cell += 1
    return grid


class Validation(unittest.TestCase):
    def test_solved_grid(self):
        self.assertTrue(calpoly.validate_rows(SOLVED))
        self.assertTrue(calpoly.validate_cols(SOLVED))
        self.assertTrue(calpoly.validate_cages(SOLVED, SAMPLE_CAGES))
        self.assertTrue(calpoly.validate_all(SOLVED, SAMPLE_CAGES))

    def test_empty_grid(self):
        empty = [[0] * 5 for _ in range(5)]
        self.assertTrue(calpoly.validate_all(empty, SAMPLE_CAGES))

    def test_rows(self):
        self.assertTrue(calpoly.validate_rows([[1, 0, 0], [0, 0, 1],
                                               [0, 1, 0]]))
        self.assertFalse(calpoly.validate_rows([[1, 0, 1], [0, 0, 0],
                                                [0, 0, 0]]))
        # Zeros (empty cells) may repeat; only positive numbers count.
        self.assertTrue(calpoly.validate_rows([[0, 0, 0, 2]] * 1))
        self.assertTrue(calpoly.validate_rows([[-1, -1, 2]]))

    def test_cols(self):
        self.assertTrue(calpoly.validate_cols([[1, 2], [2, 1]]))
        self.assertFalse(calpoly.validate_cols([[1, 2], [1, 0]]))
        self.assertTrue(calpoly.validate_cols([[1, 0], [0, 0]]))
        # A repeat in a row is not a column's business.
        self.assertTrue(calpoly.validate_cols([[1, 1], [2, 2]]))
        self.assertFalse(calpoly.validate_rows([[1, 1], [2, 2]]))

    def test_full_cages(self):
        wrong = [row[:] for row in SOLVED]
        wrong[0][0], wrong[0][1] = wrong[0][1], wrong[0][0]
        self.assertFalse(calpoly.validate_cages(wrong, SAMPLE_CAGES))
        self.assertTrue(calpoly.validate_rows(wrong))

    def test_partial_cages(self):
        # Cage [5, 2, 0, 5]: cells 0 and 5.
        grid = [[0] * 5 for _ in range(5)]
        grid[0][0] = 4                      # 4 < 5 with a cell empty
        self.assertTrue(calpoly.validate_cages(grid, SAMPLE_CAGES))
        grid[0][0] = 5                      # reaches 5 with a cell empty
        self.assertFalse(calpoly.validate_cages(grid, SAMPLE_CAGES))
        grid[0][0] = 6                      # passes it
        self.assertFalse(calpoly.validate_cages(grid, SAMPLE_CAGES))
        grid[0][0], grid[1][0] = 4, 1       # full and right
        self.assertTrue(calpoly.validate_cages(grid, SAMPLE_CAGES))
        grid[1][0] = 2                      # full and wrong
        self.assertFalse(calpoly.validate_cages(grid, SAMPLE_CAGES))

    def test_all_needs_all_three(self):
        grid = [[0] * 5 for _ in range(5)]
        grid[2][2] = grid[2][3] = 1         # row repeat
        self.assertFalse(calpoly.validate_all(grid, SAMPLE_CAGES))
        grid = [[0] * 5 for _ in range(5)]
        grid[2][2] = grid[3][2] = 1         # column repeat
        self.assertFalse(calpoly.validate_all(grid, SAMPLE_CAGES))
        grid = [[0] * 5 for _ in range(5)]
        grid[0][1] = 5; grid[0][2] = 3      # cage of 8 reached early
        self.assertTrue(calpoly.validate_rows(grid))
        self.assertFalse(calpoly.validate_all(grid, SAMPLE_CAGES))

    def test_malformed_cages(self):
        grid = [[0] * 5 for _ in range(5)]
        with self.assertRaisesRegex(ValueError, "says 3 cells but lists 2"):
            calpoly.validate_cages(grid, [[5, 3, 0, 1]])
        with self.assertRaisesRegex(ValueError, "outside the 5 x 5 grid"):
            calpoly.validate_cages(grid, [[5, 1, 25]])

    def test_corpus_answers_are_valid(self):
        for path in files("calpoly", ".in"):
            with self.subTest(path=os.path.basename(path)):
                grid = read_grid_file(path[:-3] + ".out")
                self.assertTrue(calpoly.validate_all(grid, read_cages(path)))


class Program(unittest.TestCase):
    def test_every_out_byte_for_byte(self):
        paths = files("calpoly", ".in")
        self.assertGreaterEqual(len(paths), 11)
        for path in paths:
            with self.subTest(path=os.path.basename(path)):
                with open(path, "rb") as f:
                    run = run_module("cdok.calpoly", stdin=f.read())
                self.assertEqual(run.returncode, 0, run.stderr)
                with open(path[:-3] + ".out", "rb") as f:
                    self.assertEqual(run.stdout, f.read())

    def test_several_solutions_give_the_assignments_first(self):
        path = corpus("ambiguous", "amb_calpoly.in")
        n = 5
        want = assignment_search(read_cages(path), n)
        self.assertIsNotNone(want)
        with open(path) as f:
            puzzle = cdok.loads(f.read())
        self.assertEqual(puzzle.solve().verdict, cdok.Verdict.MULTIPLE)
        self.assertEqual(calpoly.first_solution(puzzle), want)
        with open(path, "rb") as f:
            text = f.read()
        out = io.StringIO()
        with mock.patch.object(sys, "stdin", io.TextIOWrapper(
                io.BytesIO(text))), mock.patch.object(sys, "stdout", out):
            self.assertEqual(calpoly.main(), 0)
        self.assertEqual(out.getvalue(),
                         "".join(" ".join(map(str, row)) + "\n"
                                 for row in want))

    def test_assignment_search_agrees_on_the_sample(self):
        self.assertEqual(assignment_search(SAMPLE_CAGES, 5), SOLVED)

    def test_no_solution_and_bad_input(self):
        with open(corpus("invalid", "nosol_calpoly.in"), "rb") as f:
            run = run_module("cdok.calpoly", stdin=f.read())
        self.assertEqual(run.returncode, 1)
        self.assertEqual(run.stdout, b"")
        self.assertIn(b"no solution", run.stderr)
        run = run_module("cdok.calpoly", stdin=b"2\n5 2 0 1\n")
        self.assertEqual(run.returncode, 3)
        self.assertRegex(run.stderr.decode(),
                         r"^cdok\.calpoly: <stdin>:[0-9]+:[0-9]+: ")


if __name__ == "__main__":
    unittest.main()
