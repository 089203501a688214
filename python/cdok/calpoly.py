"""The Cal Poly CPE 101 Calcudoku assignment (Winter 2019) on cdok.

The assignment's four validation functions, with exactly the semantics
it states, on its data shapes: ``grid`` is a 2-D list of ints, N rows of
N, 0 for an empty cell; ``cages`` is the input's cage list, each row
``[total, count, position, ...]`` with positions numbered from 0 at the
top left in reading order (``position // N`` is the row).

- validate_rows(grid): no row holds the same positive number twice.
- validate_cols(grid): no column does.
- validate_cages(grid, cages): every cage whose cells are all filled
  (non-zero) sums to its total, and every cage with an empty cell sums
  to less than its total (a partial cage that already reaches or passes
  its total is invalid).
- validate_all(grid, cages): all three.

They are plain Python: they check a grid in the making, as the
assignment's search does, which is not what cdok's checker does (it
checks complete grids against every rule).  Malformed data (a cage row
whose count does not match its positions, a position outside the grid)
raises ValueError.

``python3 -m cdok.calpoly < test1.in`` solves the puzzle of the input
(the assignment's format, read by cdok's calpoly reader) and prints its
solution as the assignment's .out files hold it.  When a puzzle has
several solutions it prints the one the assignment's search finds
first: the smallest in reading order.
"""

from __future__ import annotations

import sys
from typing import List, Optional, Sequence

from ._errors import Error
from ._functions import loads
from ._puzzle import Grid, Puzzle

__all__ = ["validate_rows", "validate_cols", "validate_cages",
           "validate_all", "first_solution", "main"]


def _no_repeats(lines: Sequence[Sequence[int]]) -> bool:
    for line in lines:
        seen = set()
        for value in line:
            if value > 0:
                if value in seen:
                    return False
                seen.add(value)
    return True


def validate_rows(grid: Sequence[Sequence[int]]) -> bool:
    """True if no row of grid holds a positive number twice."""
    return _no_repeats(grid)


def validate_cols(grid: Sequence[Sequence[int]]) -> bool:
    """True if no column of grid holds a positive number twice."""
    return _no_repeats(list(zip(*grid)))


def _cage_cells(cage: Sequence[int], n: int) -> List[int]:
    if len(cage) < 2:
        raise ValueError(f"a cage is [total, count, position, ...], not "
                         f"{list(cage)!r}")
    count = cage[1]
    positions = list(cage[2:])
    if count != len(positions):
        raise ValueError(f"the cage {list(cage)!r} says {count} cells but "
                         f"lists {len(positions)}")
    for p in positions:
        if not 0 <= p < n * n:
            raise ValueError(f"the cage {list(cage)!r} has position {p}, "
                             f"outside the {n} x {n} grid (0..{n * n - 1})")
    return positions


def validate_cages(grid: Sequence[Sequence[int]],
                   cages: Sequence[Sequence[int]]) -> bool:
    """True if every cage is right so far: a full cage (no 0 in it) sums
    to its total, a partial one to less than its total."""
    n = len(grid)
    for cage in cages:
        values = [grid[p // n][p % n] for p in _cage_cells(cage, n)]
        total = sum(values)
        if 0 in values:
            if total >= cage[0]:
                return False
        elif total != cage[0]:
            return False
    return True


def validate_all(grid: Sequence[Sequence[int]],
                 cages: Sequence[Sequence[int]]) -> bool:
    """True if validate_rows, validate_cols and validate_cages all are."""
    return (validate_rows(grid) and validate_cols(grid)
            and validate_cages(grid, cages))


def first_solution(puzzle: Puzzle) -> Optional[Grid]:
    """The solution the assignment's search finds: the smallest in
    reading order (cell 0 as small as it can be, then cell 1, ...), or
    None when there is none.  cdok's solver proves the answer; when the
    solution is not unique, cells are fixed one by one in reading order
    to the smallest value that still leaves a solution."""
    result = puzzle.solve(2)
    if result.count < 2:
        return result.solution
    n = puzzle.size
    givens = puzzle.givens
    cages = puzzle.cages
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if givens[r][c] is not None:
            continue
        for value in range(1, n + 1):
            givens[r][c] = value
            try:
                trial = Puzzle(n, cages, givens)
            except Error:
                continue  # the value breaks a one-cell cage's given
            if trial.solve(1).count:
                break
    return givens


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Read a puzzle in the assignment's format on standard input, print
    its solution; 1 when it has none, 3 when the input cannot be read."""
    del argv
    text = sys.stdin.buffer.read()
    try:
        puzzle = loads(text, "calpoly", name="<stdin>")
    except Error as error:
        print(f"cdok.calpoly: {error}", file=sys.stderr)
        return 3
    solution = first_solution(puzzle)
    if solution is None:
        print("cdok.calpoly: the puzzle has no solution", file=sys.stderr)
        return 1
    sys.stdout.write(puzzle.dumps("calpoly", solution))
    return 0


if __name__ == "__main__":
    sys.exit(main())
