"""Puzzles, search results and the problems of a checked grid."""

import enum
import os
from fractions import Fraction
from typing import (IO, Any, Callable, Iterable, List, Mapping, NamedTuple,
                    Optional, Sequence, Tuple, Union)

from . import _cdok
from ._errors import InvalidError, ParseError, UnsupportedError
from ._levels import (Explanation, Grade, Hint, Level, Mistakes, State,
                      StateLike, _as_state, _level_index, _LEVELS,
                      _SCALE_WORDS, read_state)

__all__ = ["Puzzle", "Cage", "Result", "Problem", "Verdict", "Grid", "Cell"]

#: A grid of values, row by row: ``grid[row][column]``, ``None`` for an
#: empty cell (in a plain puzzle ``0`` means empty too).
Grid = List[List[Optional[int]]]

#: A cell as ``(row, column)``, both counted from 0.
Cell = Tuple[int, int]

RULE_NYLIMB = 1
RULE_DIAGONALS = 4  # CDOK_RULE_DIAGONALS: Killer X


class Verdict(str, enum.Enum):
    """What a search established.  The values are the words of cdok's
    result documents."""

    #: Exactly one solution; the search was complete.
    UNIQUE = "unique"
    #: No solution; the search was complete.
    NONE = "none"
    #: Two solutions or more.
    MULTIPLE = "multiple"
    #: At least one: the search stopped at the first (limit 1), so
    #: whether it is the only one was not asked.
    FOUND = "found"
    #: A budget (max_nodes, timeout, progress) ended the search before
    #: the answer was known.
    UNKNOWN = "gave-up"

    def __str__(self) -> str:
        return self.value


# In the order of the C enum cdok_verdict.
_VERDICTS = (Verdict.UNIQUE, Verdict.NONE, Verdict.MULTIPLE, Verdict.FOUND,
             Verdict.UNKNOWN)


class Cage(NamedTuple):
    """A cage: its operator, its target and its cells.

    op is ``"+"``, ``"-"``, ``"*"``, ``"/"`` or ``"?"``; for ``-`` and
    ``/`` one value minus (divided by) all the others gives the target,
    and ``?`` is a hidden operator (any one of the four makes it).  cells are
    ``(row, column)`` pairs.  distinct is True when the cage's values must
    all differ (Killer Sudoku cages).  A plain tuple
    ``(op, target, cells[, label[, distinct]])`` is accepted wherever a
    Cage is.
    """

    op: str
    target: int
    cells: Tuple[Cell, ...]
    label: Optional[str] = None
    distinct: bool = False


class Result:
    """The outcome of Puzzle.solve().

    Attributes:
        verdict: a Verdict (UNIQUE, NONE, MULTIPLE, FOUND or UNKNOWN).
        count: solutions found (never more than the limit).
        complete: True when the whole search space was explored, so
            count is exact.
        gave_up: True when max_nodes, the timeout or progress ended the
            search.
        timed_out: True when it was the timeout.
        nodes: search nodes visited (1 for a puzzle solved without
            guessing); branches: nodes where the search had to guess.
        search_score: the solver's own score of the search
            (doc/SOLVER.md) when the verdict is UNIQUE, else None: how
            much a machine had to guess, not how hard the puzzle is for
            a person; that is Puzzle.grade().difficulty, the number the
            program prints (10000 x (level + 1) + score).
        solutions: the solutions kept (every one found unless keep said
            fewer), each a grid: ``solution[row][column]``.
    """

    __slots__ = ("verdict", "count", "complete", "gave_up", "timed_out",
                 "nodes", "branches", "search_score", "solutions")

    def __init__(self, raw: tuple) -> None:
        (verdict, self.count, self.complete, self.gave_up, self.nodes,
         self.branches, score, self.solutions, self.timed_out) = raw
        self.verdict = _VERDICTS[verdict]
        self.search_score = score if verdict == 0 else None

    @property
    def difficulty(self):
        """Gone: see search_score and Puzzle.grade().difficulty."""
        raise AttributeError(
            "Result.difficulty was the solver's own number, now "
            "Result.search_score; the difficulty cdok prints is "
            "Puzzle.grade().difficulty")

    @property
    def solution(self) -> Optional[Grid]:
        """The first solution kept, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution (proven)."""
        return self.verdict is Verdict.UNIQUE

    def __repr__(self) -> str:
        extra = "" if self.search_score is None else \
            f", search_score={self.search_score}"
        return (f"<cdok.Result {self.verdict.value}: count={self.count}, "
                f"complete={self.complete}, nodes={self.nodes}{extra}>")


_KINDS = {1: "value", 2: "given", 3: "row", 4: "column", 5: "cage",
          6: "box", 7: "cage-repeat", 8: "digit", 9: "two-digit",
          10: "wrong", 11: "marks", 12: "diagonal"}


class Problem:
    """One rule a checked grid breaks (Puzzle.check()), or one mistake in
    a partly filled grid (Puzzle.mistakes()).

    Attributes:
        kind: "value" (a cell empty or out of range), "given" (a given
            changed), "row", "column" or "box" (a value twice),
            "cage" (the arithmetic is wrong), "cage-repeat" (a value
            twice in a cage whose values must differ), "digit" or
            "two-digit" (Nylimb lines), "wrong" (Puzzle.mistakes(): a
            value that differs from the puzzle's only solution),
            "marks" (Puzzle.mistakes(): an empty cell's pencil marks
            leave out the solution's value), or
            "diagonal" (Killer X: a value twice on a main diagonal).
        sentence: what is wrong, in plain words (also str(problem)),
            rows and columns counted from 1 as people count them.
        cells: the cells involved, as (row, column) pairs from 0.
        row, column: the row and column (from 0) of the cell, line,
            box corner or cage's first cell; None when it is a column's
            or row's problem.
        value: the value found (VALUE, GIVEN, WRONG; None for an empty
            cell, and for MARKS) or the value (digit) that repeats.
        given: the given value (GIVEN), else None.
        cage: the cage's index in Puzzle.cages (CAGE, CAGE-REPEAT), else
            None.
        got: what a cage's values give (CAGE): an int, a Fraction for a
            ratio that is not whole, or None when there is none (a
            product beyond 64 bits, a ratio over 0).
    """

    __slots__ = ("kind", "sentence", "cells", "row", "column", "value",
                 "given", "cage", "got")

    def __init__(self, puzzle: "Puzzle", raw: tuple) -> None:
        (kind, row, column, value, given, where, cage, got, got_den,
         overflow, self.sentence) = raw
        self.kind = _KINDS.get(kind, str(kind))
        self.row = row if row >= 0 else None
        self.column = column if column >= 0 else None
        self.value = value if value != _cdok.NONE else None
        self.given = given if self.kind == "given" else None
        self.cage = cage if cage >= 0 else None
        self.got = None
        if self.kind == "cage" and not overflow and got_den:
            self.got = got if got_den == 1 else Fraction(got, got_den)
        self.cells = self._cells(puzzle, row, column, where)

    def _cells(self, puzzle: "Puzzle", row: int, column: int,
               where: int) -> Tuple[Cell, ...]:
        bits = [i for i in range(64) if where >> i & 1]
        kind = self.kind
        if kind in ("value", "given", "wrong", "marks"):
            return ((row, column),)
        if kind in ("row", "column", "digit", "two-digit"):
            # A row's problem has column -1 and the bits are columns; a
            # column's has row -1 and the bits are rows.
            if column < 0:
                return tuple((row, b) for b in bits)
            return tuple((b, column) for b in bits)
        if kind == "diagonal":
            # Bit r: the diagonal's cell in row r; column 0 names the
            # one from the top left, the last column the other.
            n = puzzle.size
            return tuple((b, b if column == 0 else n - 1 - b)
                         for b in bits)
        if kind == "box":
            # Bit i: the box's i-th cell in reading order; the box is
            # the one its first cell is in, by the library's geometry.
            n = puzzle.size
            box_map = puzzle._model.box_map()
            box = box_map[row * n + column]
            cells = [c for c in range(n * n) if box_map[c] == box]
            return tuple(divmod(cells[b], n) for b in bits
                         if b < len(cells))
        cells = puzzle.cages[self.cage].cells
        if kind == "cage":
            return cells
        return tuple(cells[b] for b in bits if b < len(cells))

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:
        return f"<cdok.Problem {self.kind}: {self.sentence}>"


def _nodes(max_nodes: Optional[int]) -> int:
    if max_nodes is None:
        return 0
    if not _is_int(max_nodes) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a whole number >= 1 or None, "
                         f"not {max_nodes!r}")
    return max_nodes


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flat_grid(grid: Any, size: int, what: str) -> list:
    """A grid (size rows of size values) as one flat list."""
    if isinstance(grid, (str, bytes)):
        raise TypeError(f"{what} must be a list of rows; read a text "
                        "with cdok.read_grid(text, size) first")
    try:
        rows = list(grid)
    except TypeError:
        raise TypeError(f"{what} must be a list of {size} rows, not "
                        f"{type(grid).__name__}") from None
    if len(rows) != size:
        raise InvalidError(f"{what} has {len(rows)} rows; the puzzle is "
                           f"{size} x {size}")
    flat = []
    for r, row in enumerate(rows):
        try:
            values = list(row)
        except TypeError:
            raise TypeError(f"{what}[{r}] must be a list of {size} values, "
                            f"not {type(row).__name__}") from None
        if len(values) != size:
            raise InvalidError(f"{what}[{r}] has {len(values)} values; the "
                               f"puzzle is {size} x {size}")
        flat.extend(values)
    return flat


def _cell_index(cell: Any, size: int, where: str) -> int:
    try:
        row, column = cell
    except (TypeError, ValueError):
        raise TypeError(f"{where} must be a (row, column) pair, not "
                        f"{cell!r}") from None
    if not _is_int(row) or not _is_int(column):
        raise TypeError(f"{where} must be a pair of ints, not {cell!r}")
    if not (0 <= row < size and 0 <= column < size):
        raise InvalidError(f"{where} {cell!r} is outside the {size} x "
                           f"{size} grid (rows and columns 0..{size - 1})")
    return row * size + column


def _cage_tuple(k: int, cage: Any, size: int, distinct: bool,
                owner: dict) -> tuple:
    """One cage as build() takes it: (op, target, flat cells, label,
    distinct)."""
    try:
        fields = tuple(cage)
    except TypeError:
        raise TypeError(f"cage {k} must be a Cage or a tuple (op, target, "
                        f"cells), not {type(cage).__name__}") from None
    if not 3 <= len(fields) <= 5:
        raise TypeError(f"cage {k} must be a Cage or a tuple (op, target, "
                        f"cells[, label[, distinct]]), not {cage!r}")
    op, target, cells = fields[:3]
    label = fields[3] if len(fields) > 3 else None
    own_distinct = bool(fields[4]) if len(fields) > 4 else False
    if op not in ("+", "-", "*", "/", "?"):
        raise InvalidError(f"cage {k}: the operator must be one of + - * "
                           f"/ ?, not {op!r}")
    if not _is_int(target):
        raise TypeError(f"cage {k}: the target must be an int, not "
                        f"{type(target).__name__}")
    if not 0 <= target < 1 << 63:
        raise InvalidError(f"cage {k}: the target {target} is outside "
                           f"0..{(1 << 63) - 1}")
    if label is not None and not isinstance(label, str):
        raise TypeError(f"cage {k}: the label must be a str or None")
    flat = []
    for i, cell in enumerate(cells):
        index = _cell_index(cell, size, f"cage {k}, cell {i}")
        if index in owner:
            other = owner[index]
            raise InvalidError(
                f"cage {k}: the cell {tuple(cell)!r} "
                f"(r{index // size + 1}c{index % size + 1}) is "
                + ("listed twice" if other == k else
                   f"already in cage {other}"))
        owner[index] = k
        flat.append(index)
    if not flat:
        raise InvalidError(f"cage {k} has no cells")
    return (op, target, tuple(flat), label, distinct or own_distinct)


class Puzzle:
    """A Calcudoku (KenKen) or Killer Sudoku puzzle.  Immutable.

    Read one with cdok.loads() or cdok.load(), make one with
    cdok.generate(), or build one from Python data::

        Puzzle(size, cages, givens=None, *, boxes=None, distinct=False,
               nylimb=False)

    size is N (1 to 63); cages is a list of Cage (or tuples ``(op,
    target, cells[, label[, distinct]])``), cells being ``(row,
    column)`` pairs counted from 0; givens is a grid of N rows of N
    values (None, or 0 in a plain puzzle, for no given).  For Killer
    Sudoku give boxes as ``(rows, columns)`` (``(3, 3)`` at 9 x 9) and
    distinct=True, which makes the values of every cage differ.  nylimb
    gives the puzzle the Nylimb rules (cells hold 0..99, no decimal
    digit twice in a row or column).

    A puzzle that breaks the model's rules (a cell in two cages, a cage
    in pieces, a given that is no value of the puzzle, a cell with
    neither a cage nor a given) raises cdok.InvalidError.  Two puzzles are equal when they have the same
    size, rules, givens and cages (labels and cage order aside).
    """

    __slots__ = ("_model", "_cages", "name", "seed", "__weakref__")

    #: The file the puzzle was read from, or None.
    name: Optional[str]
    #: The seed cdok.generate() made it from, or None.
    seed: Optional[int]

    def __init__(self, size: int, cages: Iterable[Union[Cage, tuple]] = (),
                 givens: Optional[Union[Sequence[Sequence[Optional[int]]],
                                        Mapping[Cell, int]]] = None, *,
                 boxes: Optional[Tuple[int, int]] = None,
                 distinct: bool = False, nylimb: bool = False) -> None:
        if not _is_int(size):
            raise TypeError(f"size must be an int, not {type(size).__name__}")
        if not 1 <= size <= 63:
            raise InvalidError(f"a puzzle's size is 1..63, not {size}")
        owner: dict = {}
        built = [_cage_tuple(k, cage, size, distinct, owner)
                 for k, cage in enumerate(cages)]
        flat: list = [None] * (size * size)
        if isinstance(givens, Mapping):
            for cell, value in givens.items():
                flat[_cell_index(cell, size, "a given's cell")] = value
        elif givens is not None:
            flat = _flat_grid(givens, size, "givens")
        if not nylimb:
            flat = [None if v == 0 and _is_int(v) else v for v in flat]
        if boxes is not None:
            boxes = tuple(boxes)
        self._init(_cdok.build(size, flat, built, boxes,
                               RULE_NYLIMB if nylimb else 0))

    def _init(self, model: Any, name: Optional[str] = None,
              seed: Optional[int] = None) -> None:
        self._model = model
        self._cages = None
        self.name = name
        self.seed = seed

    @classmethod
    def _wrap(cls, model: Any, name: Optional[str] = None,
              seed: Optional[int] = None) -> "Puzzle":
        puzzle = cls.__new__(cls)
        puzzle._init(model, name, seed)
        return puzzle

    # ---- what the puzzle is ----

    @property
    def size(self) -> int:
        """N: the grid has N x N cells."""
        return self._model.size

    @property
    def boxes(self) -> Optional[Tuple[int, int]]:
        """(rows, columns) of the Killer boxes, or None."""
        return self._model.boxes

    @property
    def nylimb(self) -> bool:
        """Whether the puzzle has the Nylimb rules."""
        return bool(self._model.rules & RULE_NYLIMB)

    @property
    def diagonals(self) -> bool:
        """Whether the two main diagonals hold every value once too
        (Killer X, Sudoku X: @diagonals in the spec)."""
        return bool(self._model.rules & RULE_DIAGONALS)

    @property
    def killer(self) -> bool:
        """Whether the puzzle has Killer rules: boxes, or a cage of two or
        more cells whose values must differ."""
        return self.boxes is not None or any(
            c.distinct and len(c.cells) > 1 for c in self.cages)

    @property
    def cages(self) -> Tuple[Cage, ...]:
        """The cages, in the puzzle's order; each cage's cells in reading
        order."""
        if self._cages is None:
            n = self.size
            self._cages = tuple(
                Cage(op, target, tuple(divmod(c, n) for c in cells), label,
                     distinct)
                for op, target, cells, label, distinct in self._model.cages())
        return self._cages

    @property
    def givens(self) -> Grid:
        """The given values as a grid (a new list each time), None where
        a cell has none."""
        flat = self._model.givens()
        n = self.size
        return [flat[r * n:(r + 1) * n] for r in range(n)]

    # ---- solving and checking ----

    def solve(self, limit: Optional[int] = 2, *, keep: Optional[int] = None,
              max_nodes: Optional[int] = None,
              timeout: Optional[float] = None,
              progress: Optional[Callable[[int], Any]] = None) -> Result:
        """Search the puzzle's solutions; return a Result.

        limit: stop after this many solutions; the default 2 answers
            "is the solution unique?", 1 only finds one (verdict FOUND),
            None counts them all.
        keep: how many solutions to keep in Result.solutions (default:
            every one found).
        max_nodes: give up after this many search nodes.
        timeout: give up after this many seconds.
        progress: called every few hundred nodes with the nodes visited
            so far; a true return value gives up.

        A search that gives up has the verdict UNKNOWN (or FOUND when
        it found one with limit 1) and gave_up set.  The search runs
        without the GIL: other threads go on meanwhile.  Ctrl-C stops it
        with KeyboardInterrupt.
        """
        if limit is None:
            limit = 0
        elif not _is_int(limit) or limit < 1:
            raise ValueError(f"limit must be a whole number >= 1 or None, "
                             f"not {limit!r}")
        if keep is None:
            keep = -1
        elif not _is_int(keep) or keep < 0:
            raise ValueError(f"keep must be a whole number >= 0 or None, "
                             f"not {keep!r}")
        if max_nodes is None:
            max_nodes = 0
        elif not _is_int(max_nodes) or max_nodes < 1:
            raise ValueError(f"max_nodes must be a whole number >= 1 or "
                             f"None, not {max_nodes!r}")
        if timeout is None:
            timeout = 0.0
        elif not timeout > 0:
            raise ValueError(f"timeout must be a number of seconds > 0 or "
                             f"None, not {timeout!r}")
        return Result(self._model.solve(limit, keep, max_nodes,
                                        float(timeout), progress))

    def check(self, grid: Union[Sequence[Sequence[Optional[int]]], str]
              ) -> List[Problem]:
        """Check a proposed solution against every rule of the puzzle.

        grid is N rows of N values (None or, in a plain puzzle, 0 for an
        empty cell), or a text that cdok.read_grid() reads.  Returns the
        rules it breaks as Problem objects, in the library's order (empty
        or wrong cells, changed givens, rows, columns, boxes, then cage
        by cage); an empty list means grid is a solution.
        """
        return [Problem(self, raw)
                for raw in self._model.check(self._values(grid))]

    def is_solution(self, grid: Union[Sequence[Sequence[Optional[int]]],
                                      str]) -> bool:
        """Whether grid solves the puzzle (check() finds no problem)."""
        return not self._model.check(self._values(grid))

    def _values(self, grid: Any) -> list:
        if isinstance(grid, (str, bytes)):
            from ._functions import read_grid
            grid = read_grid(grid, self.size)
        return _flat_grid(grid, self.size, "the grid")

    # ---- levels: how hard for a person, hints, explanations ----

    @property
    def scale(self) -> Optional[str]:
        """The scale the puzzle is graded on: "calcudoku" (Keen's
        levels), "killer" (Solo's, for any puzzle with boxes), or None
        for a Nylimb puzzle, which is not graded by technique."""
        return _SCALE_WORDS.get(self._model.scale)

    @property
    def levels(self) -> Tuple[Level, ...]:
        """The levels of the puzzle's scale, easiest first (none for a
        Nylimb puzzle)."""
        return _LEVELS.get(self._model.scale, ())

    def grade(self, level: Optional[Union[str, Level]] = None, *,
              max_nodes: Optional[int] = None) -> Grade:
        """How hard the puzzle is for a person: its level (the hardest
        technique it needs), a finer score within the level, and the
        techniques used; see cdok.Grade.  The same grade as ``cdok
        examine`` prints.

        level: the hardest level to try (a Level, a name or a code on
            the puzzle's scale, "hard" or "h"); a puzzle that needs more
            has the outcome ABOVE.  Default: every level, guessing
            included.
        max_nodes: a node limit for the solver, which tells an
            Unreasonable puzzle from one with no or several solutions
            when reasoning stalls; when it runs out the outcome is
            GAVE_UP.

        A puzzle with no or several solutions is no error: its outcome
        says so.  A level not of the scale raises cdok.InvalidError.
        Runs without the GIL.
        """
        return Grade(self._model.grade(self._level(level),
                                       _nodes(max_nodes)))

    def explain(self, level: Optional[Union[str, Level]] = None, *,
                max_nodes: Optional[int] = None,
                brief: bool = False) -> Explanation:
        """The whole solution as a person would find it, step by step,
        always the easiest technique that makes progress; see
        cdok.Explanation (a sequence of cdok.Step).  level and max_nodes
        are those of grade(); with level the steps stop where the
        techniques up to it stop helping.  Every step of the grader, as
        ``cdok explain --all-steps`` gives them; with brief=True the
        steps a tutor gives, as ``cdok explain`` does: those some
        placement rests on, each round of the cages' own values and the
        singles they lead to as one step (Step.merged > 1), the steps
        that set the level marked (Step.sets_level)."""
        top = self._level(level)
        return Explanation(self, self._model.explain(top, _nodes(max_nodes),
                                                     brief), top)

    def state(self) -> State:
        """The state of play at the start: the givens filled in, no
        pencil marks.  A Nylimb puzzle, which has no hints (0 is one of
        its values, and empty in a State), raises
        cdok.UnsupportedError."""
        if self.nylimb:
            raise UnsupportedError("Nylimb puzzles are not graded by "
                                   "technique, so there are no states of "
                                   "play for hints")
        n = self.size
        givens = self._model.givens()
        return State(n, [givens[r * n:(r + 1) * n] for r in range(n)])

    def hint(self, state: Optional[StateLike] = None,
             level: Optional[Union[str, Level]] = None, *,
             max_nodes: Optional[int] = None) -> Hint:
        """The next step a person would take from a state: the easiest
        technique (up to level) that makes progress; see cdok.Hint.

        state: a cdok.State (values and pencil marks), a grid of values
            (N rows of N, None for empty), a text as cdok.read_state()
            reads it, or None for the start (the givens).
        level, max_nodes: as for grade().

        Before looking for a step the state is checked: a value that
        breaks a rule or differs from the puzzle's only solution, or
        pencil marks that leave out the solution's value, give the
        outcome CONTRADICTION.  A value outside 1..N raises
        cdok.InvalidError; a Nylimb puzzle, cdok.UnsupportedError (no
        hints without levels).  Chain hints with hint.apply(state)::

            state = puzzle.state()
            step = cdok.HintOutcome.STEP
            while (hint := puzzle.hint(state)).outcome is step:
                state = hint.apply(state)
        """
        top = self._level(level)
        s = _as_state(self, state)
        values, marks = s._flat()
        return Hint(self, self._model.hint(values, marks, top,
                                           _nodes(max_nodes), False), top)

    def hint_place(self, state: Optional[StateLike] = None,
                   level: Optional[Union[str, Level]] = None, *,
                   max_nodes: Optional[int] = None) -> Hint:
        """The next value a person can write in a grid without pencil
        marks (``cdok hint --place``): hint.step places it, and its text
        gives the reasoning it rests on in short.  Pencil marks in state
        are ignored, and hint.apply(state) gives a state of values only
        when state has none.  Outcomes, arguments and errors are those
        of hint(); STUCK when the techniques up to level place no
        value.  Chained from puzzle.state() it reaches the solution::

            state = puzzle.state()
            while (hint := puzzle.hint_place(state)).outcome is step:
                state = hint.apply(state)
        """
        top = self._level(level)
        s = _as_state(self, state)
        values, marks = s._flat()
        return Hint(self, self._model.hint(values, None, top,
                                           _nodes(max_nodes), True), top)

    def mistakes(self, grid: Union[Sequence[Sequence[Optional[int]]], str,
                                   bytes, State], *,
                 max_nodes: Optional[int] = None) -> Mistakes:
        """The mistakes in a grid that may be partly filled, or in a
        state of play: values that break a rule and, when the puzzle
        has exactly one solution, values that differ from it (kind
        "wrong") and pencil marks that leave out its value (kind
        "marks"); an empty cell is no mistake (one with a given holds
        it).  See cdok.Mistakes (false when there are none).  grid is
        taken as check() takes it, a cdok.State (values and pencil
        marks), or a text as ``cdok hint --apply`` writes it (read as
        a grid, else by cdok.read_state()).  The judgement of ``cdok
        check`` and of Puzzle.hint()."""
        marks = None
        if isinstance(grid, (str, bytes)):
            grid = self._state_text(grid)
        if isinstance(grid, State):
            if grid.size != self.size:
                raise InvalidError(f"the state is {grid.size} x "
                                   f"{grid.size}; the puzzle is "
                                   f"{self.size} x {self.size}")
            values, marks = grid._flat()
        else:
            values = self._values(grid)
        raw, unique = self._model.check_partial(values, marks,
                                                _nodes(max_nodes))
        plain = not self.nylimb
        givens = self._model.givens()
        empty = sum((v is None or (plain and v == 0)) and g is None
                    for v, g in zip(values, givens))
        return Mistakes([Problem(self, r) for r in raw], unique, empty)

    def _state_text(self, text: Union[str, bytes]) -> Any:
        """A grid's text as check() reads it, or else a state's
        (hint --apply's output): the reader that gets further tells
        its error."""
        from ._functions import read_grid
        try:
            return read_grid(text, self.size)
        except ParseError as grid_error:
            if self.nylimb:
                raise
            try:
                return read_state(text, self.size)
            except ParseError as state_error:
                if (state_error.line or 0, state_error.column or 0) > \
                        (grid_error.line or 0, grid_error.column or 0):
                    raise
                raise grid_error from None

    def _level(self, level: Any) -> int:
        return _level_index(self._model.scale, level)

    # ---- writing ----

    def dumps(self, format: str = "spec",
              solution: Optional[Sequence[Sequence[Optional[int]]]] = None,
              **pictures: Any) -> Union[str, bytes]:
        """The puzzle as text in a format (cdok.formats() lists them):
        "spec", "ucf", "calpoly", "keen", "solo", "sudoku", "arrows",
        "sudocue", "killer", "json", a drawing, "ascii" or "utf8", or a picture, "svg", "png"
        or "pdf", as newspapers print it.  With solution (a grid), the values
        shown instead of the givens -- for "ucf" and "calpoly" the
        answer as the contest or course writes it.  Binary formats give
        bytes.  A format that cannot hold the puzzle raises
        cdok.UnsupportedError with the reason.

        The pictures take the options of cdok.dumps(), as the program's
        --dpi, --paper, --per-page, --title, --with-solutions and
        --givens-as-cages:
        ``p.dumps("png", dpi=100)``, ``p.dumps("pdf",
        with_solutions=True)``.
        """
        if pictures or format in ("svg", "png", "pdf"):
            from ._functions import dumps
            return dumps([self], format,
                         solutions=None if solution is None else [solution],
                         **pictures)
        values = None if solution is None else \
            _flat_grid(solution, self.size, "the solution")
        return self._model.write(format, values)

    def dump(self, file: Union[str, "os.PathLike[str]", IO[Any]],
             format: str = "spec",
             solution: Optional[Sequence[Sequence[Optional[int]]]] = None,
             **pictures: Any) -> None:
        """Write dumps(format, solution, **pictures) to a path or a
        file object."""
        from ._functions import _write_to
        _write_to(file, self.dumps(format, solution, **pictures))

    def __str__(self) -> str:
        return self._model.write("spec", None)

    def __repr__(self) -> str:
        n = self.size
        kind = "Killer " if self.killer else \
            "Nylimb " if self.nylimb else ""
        name = f", name={self.name!r}" if self.name else ""
        return (f"<cdok.Puzzle {kind}{n}x{n}, {len(self.cages)} cages"
                f"{name}>")

    def _key(self) -> tuple:
        return (self.size, self.boxes, self._model.rules,
                tuple(self._model.givens()),
                frozenset((op, target, cells, distinct)
                          for op, target, cells, _, distinct
                          in self._model.cages()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        # The spec holds everything of the model (boxes, distinct cages,
        # the Nylimb rules, labels).
        return (_from_spec, (str(self), self.name, self.seed))


def _from_spec(text: str, name: Optional[str], seed: Optional[int]
               ) -> Puzzle:
    (model,) = _cdok.read(text.encode(), "spec", 0)
    return Puzzle._wrap(model, name, seed)
