"""Killer Sudoku with the interface of the Killer Sudoku solver that cdok
replaces (Barium's killer-sudoku-solver), on cdok's exact solver.

The data shapes are that program's::

    board = [[0] * 9 for _ in range(9)]      # board[y][x], 0 = empty
    cages = [(13, [(0, 0), (1, 0)]),         # (total, [(x, y), ...]),
             (14, [(2, 0), (2, 1)]), ...]    # x the column, y the row
    if solve(board, cages):                  # the solution is written
        print(board)                         # into board

and so is the command line: ``python3 -m cdok.killer FILE.json...``
with --benchmark, --stats, --show-initial-board and --about.

Where the original is loose this module is strict:

- solve() leaves the board exactly as it was when it returns False (the
  original leaves the values of one-cell cages and partial guesses in
  it).  The board is a list of 9 lists of 9 ints from 0 to 9, each row
  a list of its own; the solution is written into those row lists.
- A puzzle with several solutions gives True and one of them, as the
  original does; solve(board, cages, unique=True) returns True only
  when the solution is unique (and False, board untouched, when there
  are several or none).
- Malformed data raises TypeError (a wrong type) or ValueError (a wrong
  value: a value outside 0..9, a total below 1, a cell outside the grid,
  in two cages or in none, a cage in pieces), with the reason and the
  place, such as ``cages[3][1][2][0] (x, the column) is 9, outside
  0..8``.  The original fails on these with an AssertionError or an
  IndexError, or not at all.
- load_from_file() reads any Killer Sudoku cdok reads (Barium's JSON,
  a Solo game ID, a spec with @boxes 3x3) and reports bad files with the
  line and column (cdok.Error, a ValueError).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import List, Optional, Sequence, Tuple

from . import _cdok
from ._errors import Error, UnsupportedError
from ._functions import load
from ._puzzle import Puzzle, Result

__all__ = ["Board", "Cages", "solve", "solve_result", "load_from_file",
           "from_puzzle", "to_puzzle", "main"]

#: board[y][x]: 9 rows of 9 values, 0 for an empty cell.
Board = List[List[int]]
#: Each cage as (total, [(x, y), ...]), coordinates from 0.
Cages = List[Tuple[int, List[Tuple[int, int]]]]


def to_puzzle(board: Board, cages: Cages) -> Puzzle:
    """The cdok Puzzle of a board and its cages (checked as solve()
    checks them): 9 x 9, boxes of 3 x 3, sum cages whose values
    differ, the board's non-zero values as givens."""
    return Puzzle._wrap(_cdok.killer_build(board, cages))


def solve_result(board: Board, cages: Cages, *, unique: bool = False
                 ) -> Result:
    """solve()'s search, without touching the board: the cdok Result
    (verdict, nodes, branches and the solution found, if any).  With
    unique, the search goes on to prove the solution unique."""
    model = _cdok.killer_build(board, cages)
    return Result(model.solve(2 if unique else 1, 1, 0, 0.0, None))


def solve(board: Board, cages: Cages, *, unique: bool = False) -> bool:
    """Solve a Killer Sudoku; write the solution into board.

    Returns True when a solution was found and written into the board's
    row lists (with unique=True: only when it is the only one).
    Returns False, with the board left exactly as it was, when there is
    no solution (or, with unique=True, more than one).  Raises TypeError
    or ValueError for malformed data.  The search runs without the GIL.
    """
    result = solve_result(board, cages, unique=unique)
    _rows_apart(board)
    if not result.solutions or (unique and not result.unique):
        return False
    for row, values in zip(board, result.solutions[0]):
        row[:] = values
    return True


def _rows_apart(board: Board) -> None:
    """Refuse a board whose rows are one list seen twice (as
    ``[[0] * 9] * 9`` makes): the solution could not be written into
    it."""
    seen = {}
    for y, row in enumerate(board):
        if id(row) in seen:
            raise ValueError(f"board[{y}] is the same list as "
                             f"board[{seen[id(row)]}]; each row must be a "
                             "list of its own (not [[0] * 9] * 9)")
        seen[id(row)] = y


def from_puzzle(puzzle: Puzzle) -> Tuple[Board, Cages]:
    """A Killer puzzle as (board, cages).  It must be one the schema
    holds: 9 x 9, 3 x 3 boxes, sum cages whose values differ
    (cdok.UnsupportedError says why not).  Cages come in order of their
    first cell, each one's cells in reading order."""
    data = json.loads(puzzle.dumps("killer"))
    return _shapes(data)


def _shapes(data: dict) -> Tuple[Board, Cages]:
    cages = [(total, [(x, y) for x, y in cells])
             for total, cells in data["cages"]]
    return data["board"], cages


def load_from_file(filename: str) -> Tuple[Board, Cages]:
    """Read a Killer Sudoku file and return (board, cages).

    A JSON file in the original's schema comes back as written (its
    cages in its order); any other Killer Sudoku cdok reads (a Solo
    game ID, a spec with @boxes 3x3) is converted.  A file that is not a
    Killer Sudoku raises cdok.Error (a ValueError) naming the file, line
    and column; one that cannot be opened, OSError.
    """
    with open(filename, "rb") as f:
        data = f.read()
    puzzle = load(_Named(data, filename))
    if _cdok.detect(data) == "killer":
        document = json.loads(data)
        if isinstance(document, dict):
            return _shapes(document)
        # An array holding the one document: take the model's shapes.
    try:
        return from_puzzle(puzzle)
    except UnsupportedError as error:
        error.file = filename
        raise


class _Named:
    """Bytes already read, with the file's name, for cdok.load()."""

    def __init__(self, data: bytes, name: str) -> None:
        self._data = data
        self.name = name

    def read(self) -> bytes:
        return self._data


# ---- the command line ----

ABOUT = """\
cdok.killer -- solve Killer Sudoku puzzles from files.

A Killer Sudoku is a Sudoku whose grid is also cut into cages: the
values of a cage add up to its total and never repeat.  This command
reads each file (Barium's JSON board and cages, a Solo game ID, or a
cdok spec), solves it with cdok's exact solver and draws the solved
board.  It follows the command line of Barium's killer-sudoku-solver
(Tommy Andersen, MIT licence), whose Python solve(board, cages) the
module cdok.killer also provides.

cdok is ISC-licensed; see its README for the library and the other
commands.
"""


def _median_time(board: Board, cages: Cages) -> Tuple[float, int]:
    """Median seconds of solve(board, cages) over at least 5 runs and
    0.2 seconds, each on a fresh copy of the board."""
    times: List[float] = []
    spent = 0.0
    while len(times) < 5 or spent < 0.2:
        copy = [row[:] for row in board]
        start = time.perf_counter()
        solve(copy, cages)
        took = time.perf_counter() - start
        times.append(took)
        spent += took
    return statistics.median(times), len(times)


def _draw(board: Board, cages: Cages, values: Optional[Board]) -> str:
    puzzle = to_puzzle(board, cages)
    return puzzle.dumps("ascii", values)


def _run_file(path: str, args: argparse.Namespace, first: bool) -> int:
    """Solve one file and say so; its exit status.  Every puzzle after
    the first starts with a blank line."""
    try:
        board, cages = load_from_file(path)
        if not first:
            print()
        print(f"Puzzle: {path}")
        if args.show_initial_board:
            print(_draw(board, cages, None))
        result = solve_result(board, cages)
    except (Error, TypeError) as error:
        where = str(error) if getattr(error, "file", None) else \
            f"{path}: {error}"
        print(f"cdok.killer: {where}", file=sys.stderr)
        return 3
    except OSError as error:
        print(f"cdok.killer: {path}: {error.strerror or error}",
              file=sys.stderr)
        return 5
    if result.solutions:
        print("Solved:")
        print(_draw(board, cages, result.solutions[0]))
    else:
        print("This puzzle has no solution.")
    if args.benchmark:
        seconds, runs = _median_time(board, cages)
        print(f"Time to solve {path}: {seconds * 1e6:.1f} us (median of "
              f"{runs} runs of solve(board, cages))")
    if args.stats:
        print(f"Search nodes: {result.nodes}")
        print(f"Guesses (branch points): {result.branches}")
    return 0 if result.solutions else 1


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status (0 every puzzle solved,
    1 one has no solution, 3 a file is not a Killer Sudoku, 5 a file
    cannot be read)."""
    parser = argparse.ArgumentParser(
        prog="python3 -m cdok.killer",
        description="Solve Killer Sudoku puzzles read from files and draw "
                    "each solved board.")
    parser.add_argument("--stats", action="store_true",
                        help="after each puzzle, say how much searching it "
                             "took (search nodes and guesses)")
    parser.add_argument("--show-initial-board", action="store_true",
                        help="draw each puzzle's board and cages before "
                             "solving it")
    parser.add_argument("--benchmark", action="store_true",
                        help="time solving each puzzle (the median of "
                             "repeated runs) and print the time")
    parser.add_argument("--about", action="store_true",
                        help="say what this command is and exit")
    parser.add_argument("filename", nargs="*",
                        help="a Killer Sudoku: Barium's JSON (board and "
                             "cages), a Solo game ID or a cdok spec")
    args = parser.parse_args(argv)
    if args.about:
        print(ABOUT, end="")
        return 0
    if not args.filename:
        parser.error("name at least one puzzle file")
    status = 0
    first = True
    for path in args.filename:
        code = _run_file(path, args, first)
        first = first and code > 1      # nothing printed on stdout
        status = max(status, code)
    return status


if __name__ == "__main__":
    sys.exit(main())
