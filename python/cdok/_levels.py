"""Levels, grades, explanations, hints, states of play and the mistake
finder (the C library's "Levels" API; doc/LEVELS.md in the repository).

A level says how hard a puzzle is for a person: the hardest technique a
person needs to solve it.  Calcudoku is graded on the scale of Simon
Tatham's Keen (Easy, Normal, Hard, Extreme, Unreasonable: codes e n h x
u), Killer Sudoku (any puzzle with boxes) on that of his Solo (Trivial,
Basic, Intermediate, Advanced, Extreme, Unreasonable: t b i a e u), so a
level means what the games mean by it.  Nylimb puzzles are not graded by
technique.
"""

import enum
from typing import (TYPE_CHECKING, Any, Dict, FrozenSet, Iterable, Iterator,
                    List, NamedTuple, Optional, Sequence, Tuple, Union,
                    overload)

from . import _cdok
from ._errors import InvalidError

if TYPE_CHECKING:
    from ._puzzle import Problem, Puzzle

__all__ = ["Level", "Technique", "GradeOutcome", "HintOutcome", "Grade",
           "Candidate", "Step", "Explanation", "Hint", "State", "Mistakes",
           "levels", "techniques", "read_state"]

# cdok_scale: 0 is CDOK_SCALE_NONE (Nylimb).
_SCALE_WORDS = {1: "calcudoku", 2: "killer"}
_SCALE_NUMBERS = {word: n for n, word in _SCALE_WORDS.items()}
_SCALE_TITLES = {1: "Calcudoku (Keen's scale)",
                 2: "Killer Sudoku (Solo's scale)"}


class Level(NamedTuple):
    """A level of difficulty on one scale, as cdok.levels() lists them.

    scale is "calcudoku" (Keen's levels) or "killer" (Solo's); index is
    the level's place on it, from 0 for the easiest; name is for people
    ("Hard", also str(level)) and code is the one-letter code ("h").
    Levels of one scale order by index.  Wherever a level is asked for,
    a Level of the puzzle's scale, its name or its code (in any case)
    will do.
    """

    scale: str
    index: int
    name: str
    code: str

    def __str__(self) -> str:
        return self.name


_LEVELS = {n: tuple(Level(word, i, name, code)
                    for i, (name, code) in enumerate(_cdok.levels(n)))
           for n, word in _SCALE_WORDS.items()}


def levels(scale: str = "calcudoku") -> List[Level]:
    """The levels of a scale, easiest first: "calcudoku" (Keen's: Easy,
    Normal, Hard, Extreme, Unreasonable) or "killer" (Solo's: Trivial,
    Basic, Intermediate, Advanced, Extreme, Unreasonable)."""
    if scale not in _SCALE_NUMBERS:
        raise InvalidError(f"the scales are 'calcudoku' and 'killer', not "
                           f"{scale!r}")
    return list(_LEVELS[_SCALE_NUMBERS[scale]])


def _level(scale: int, index: int) -> Optional[Level]:
    table = _LEVELS.get(scale, ())
    return table[index] if 0 <= index < len(table) else None


def _level_index(scale: int, level: Any) -> int:
    """The library's number for a level argument on a puzzle's scale
    (-1 for None: every level)."""
    if level is None:
        return -1
    if scale not in _LEVELS:
        raise InvalidError("Nylimb puzzles are not graded by technique, so "
                           "they have no levels")
    if isinstance(level, Level):
        if _level(scale, level.index) != level:
            other = _SCALE_TITLES.get(_SCALE_NUMBERS.get(level.scale, 0),
                                      repr(level.scale))
            raise InvalidError(f"{level.name} is a level of {other}, not "
                               f"of {_SCALE_TITLES[scale]}")
        return level.index
    if not isinstance(level, str):
        raise TypeError(f"a level is a cdok.Level, a name or a code, not "
                        f"{type(level).__name__}")
    index = _cdok.level_find(scale, level)
    if index < 0:
        names = ", ".join(f"{lv.name} ({lv.code})" for lv in _LEVELS[scale])
        raise InvalidError(f"bad level {level!r}: {_SCALE_TITLES[scale]} "
                           f"has the levels {names}")
    return index


class Technique(NamedTuple):
    """A technique of reasoning, as cdok.techniques() lists them.

    name is for programs ("hidden-single"), title for people ("Hidden
    single in a line"); calcudoku and killer are its Level on each
    scale, or None when that scale does not use it.
    """

    name: str
    title: str
    calcudoku: Optional[Level]
    killer: Optional[Level]


_TECHNIQUES = tuple(Technique(name, title, _level(1, kl), _level(2, sl))
                    for name, title, kl, sl in _cdok.techniques())


def techniques() -> List[Technique]:
    """Every technique, in the order the grader tries them within a
    level (doc/LEVELS.md, "Techniques")."""
    return list(_TECHNIQUES)


class GradeOutcome(str, enum.Enum):
    """What grading found.  The values are the words of cdok's result
    documents ("outcome" in JSON)."""

    #: Graded: level, score and difficulty are set.
    LEVEL = "level"
    #: The levels allowed (the level argument) do not solve it: the
    #: puzzle's level is Grade.level or harder.
    ABOVE = "above"
    #: More than one solution: no level.
    AMBIGUOUS = "ambiguous"
    #: No solution: no level.
    IMPOSSIBLE = "impossible"
    #: Not graded by technique (Nylimb puzzles).
    UNGRADED = "ungraded"
    #: max_nodes ran out before the solver knew whether the puzzle has
    #: exactly one solution.
    GAVE_UP = "gave-up"

    def __str__(self) -> str:
        return self.value


# In the order of the C enum cdok_grade_outcome.
_GRADE_OUTCOMES = tuple(GradeOutcome)


class HintOutcome(str, enum.Enum):
    """What a hint found (the words of ``cdok --to json hint``)."""

    #: Hint.step is the next step.
    STEP = "step"
    #: Every cell is filled, and rightly.
    SOLVED = "solved"
    #: No technique up to the level allowed applies.
    STUCK = "stuck"
    #: The state cannot be finished (a wrong value, or pencil marks that
    #: leave out the solution's value): Hint.step says where and why.
    CONTRADICTION = "contradiction"
    #: The puzzle itself has no solution, so there is no next step.
    IMPOSSIBLE = "impossible"
    #: The puzzle has more than one solution: no reasoning finishes it.
    AMBIGUOUS = "ambiguous"

    def __str__(self) -> str:
        return self.value


_HINT_OUTCOMES = tuple(HintOutcome)


class Grade:
    """How hard a puzzle is for a person: what Puzzle.grade() found.

    Attributes:
        outcome: a GradeOutcome; only LEVEL is a grade, and only ABOVE
            also names a level.
        scale: "calcudoku" (Keen's levels), "killer" (Solo's), or None
            for a Nylimb puzzle.
        level: LEVEL: the puzzle's Level, the hardest technique its
            solution needs.  ABOVE: the level just above those allowed
            (the puzzle's is that or harder).  Otherwise None.
        score: LEVEL: the finer score within the level, 0..9999 (the
            sum of the weights of the steps: more steps, and harder
            ones, score higher); otherwise None.
        difficulty: LEVEL: 10000 * (level.index + 1) + score, the
            number ``cdok examine`` prints, which orders puzzles by
            level first; generate()'s max_difficulty and
            target_difficulty take it.  Otherwise None.
        steps: the steps the grader took: for LEVEL the whole solution,
            otherwise those taken before it stopped (perhaps none).
        techniques: how often each technique was used in those steps,
            by technique name, in the order of cdok.techniques(); only
            those used.
        cage_budget_hit: True when a cage had too many layouts to
            enumerate within the grader's budget, so the level may be
            too high (doc/LEVELS.md).

    str(grade) says it in words: "Hard (score 109, difficulty 30109)".
    """

    __slots__ = ("outcome", "scale", "level", "score", "difficulty",
                 "steps", "techniques", "cage_budget_hit")

    def __init__(self, raw: tuple) -> None:
        (outcome, scale, level, score, difficulty, self.steps, counts,
         self.cage_budget_hit) = raw
        self.outcome = _GRADE_OUTCOMES[outcome]
        self.scale = _SCALE_WORDS.get(scale)
        graded = self.outcome is GradeOutcome.LEVEL
        named = graded or self.outcome is GradeOutcome.ABOVE
        self.level = _level(scale, level) if named else None
        self.score = score if graded else None
        self.difficulty = difficulty if graded else None
        self.techniques = {t.name: n for t, n in zip(_TECHNIQUES, counts)
                           if n}

    def __str__(self) -> str:
        o = self.outcome
        if o is GradeOutcome.LEVEL:
            return (f"{self.level} (score {self.score}, difficulty "
                    f"{self.difficulty})")
        if o is GradeOutcome.ABOVE:
            return (f"{self.level} or harder (the levels allowed do not "
                    "solve it)")
        return "no level: " + {
            GradeOutcome.AMBIGUOUS: "the puzzle has more than one solution",
            GradeOutcome.IMPOSSIBLE: "the puzzle has no solution",
            GradeOutcome.UNGRADED: "Nylimb puzzles are not graded by "
                                   "technique",
            GradeOutcome.GAVE_UP: "the solver gave up (max_nodes) before "
                                  "it knew whether the puzzle is unique",
        }[o]

    def __repr__(self) -> str:
        if self.level is None:
            return f"<cdok.Grade {self.outcome.value}>"
        extra = "" if self.score is None else \
            f", score={self.score}, difficulty={self.difficulty}"
        return (f"<cdok.Grade {self.outcome.value} {self.level.name}"
                f"{extra}, steps={self.steps}>")


class Candidate(NamedTuple):
    """A value in a cell: placed by a step, or ruled out by one.  Row
    and column count from 0."""

    row: int
    column: int
    value: int


_REASON_KINDS = ("sees", "single", "only-place", "cage", "sum",
                 "confined", "subset", "chain", "trial")


class Reason(NamedTuple):
    """Why a step removes a candidate or places a value, in the state
    before the step (cdok_reason, doc/LEVELS.md "Reasons").

    about is the Candidate removed or placed (placed says which); kind
    one of "sees" (cell holds value and sees it), "single" (no other
    candidate), "only-place" (no other place in unit), "cage" (no way
    of filling cage puts it there; for a two-cell cage, cell would need
    value), "sum", "confined" (in unit the value only goes where it
    meets unit2), "subset", "chain" or "trial"; cell as (row, column)
    or None, value, unit, unit2, cage and sum as numbers or None (units
    as in JSON: rows 0..n-1, then columns, then boxes), values a
    frozenset, and text the fact in words.
    """

    about: Candidate
    placed: bool
    kind: str
    cell: Optional[Tuple[int, int]]
    value: Optional[int]
    unit: Optional[int]
    unit2: Optional[int]
    cage: Optional[int]
    sum: Optional[int]
    values: FrozenSet[int]
    text: str

    @classmethod
    def _make_raw(cls, n: int, raw: tuple) -> "Reason":
        (placed, cell, value, kind, rcell, rvalue, unit, unit2, cage, sum_,
         values, text) = raw
        return cls(Candidate(*divmod(cell, n), value), bool(placed),
                   _REASON_KINDS[kind] if 0 <= kind < len(_REASON_KINDS)
                   else "other",
                   divmod(rcell, n) if rcell >= 0 else None,
                   rvalue if rvalue > 0 else None,
                   unit if unit >= 0 else None,
                   unit2 if unit2 >= 0 else None,
                   cage if cage >= 0 else None,
                   sum_ if sum_ > 0 else None,
                   frozenset(v for v in range(64) if values >> v & 1),
                   text)

    def to_dict(self) -> Dict[str, Any]:
        """The reason as a "reasons" entry of ``cdok --to json explain``
        writes it."""
        d: Dict[str, Any] = {
            "placed" if self.placed else "removed": list(self.about),
            "kind": self.kind,
        }
        if self.cell is not None:
            d["cell"] = list(self.cell)
        for key in ("value", "unit", "unit2", "cage", "sum"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.values:
            d["values"] = sorted(self.values)
        d["text"] = self.text
        return d


class Step:
    """One step of reasoning, as a person would take it.

    Attributes:
        technique: the technique's name for programs ("hidden-single";
            cdok.techniques() lists them), or None for the fault a
            contradicting state has (Hint).
        title: the technique's name for people ("Hidden single in a
            line"), or None likewise.
        level: the technique's Level on the puzzle's scale, or None.
        cells: the cells the reasoning looks at (the cage, the line,
            the chain), as (row, column) pairs from 0, in the order the
            sentence names them.
        placed: the values it places (at most one), as Candidates.
        removed: the candidates it rules out, by cell then value; for a
            placed value, also its copies in every cell that sees that
            cell (same row, column, box or Killer cage), so that a
            program can replay the steps exactly.
        text: the step in one sentence; cells are written r3c4 (row 3,
            column 4, counted from 1 as people count them): a hint's
            third tier.
        where: a hint's first tier, where to look, naming no technique
            ("Look at row 4.").
        what: its second tier, the technique's title and its cells
            ("Hidden single in a line: r4c5, in row 4").
        focus: the cells of the row, column, box, cage or cell that
            where names, as (row, column) pairs from 0, for highlighting.
        merged: how many of the grader's steps this one stands for (1,
            or more for a round of routine steps in a brief
            explanation).
        sets_level: True for a step of the technique that sets the
            puzzle's level.
        reasons: why it removes and places what it does, one Reason
            for each removal and placement at least.

    str(step) is the line ``cdok hint`` prints: "Title (Level): text".
    step.apply(state) gives the state after it.
    """

    __slots__ = ("technique", "title", "level", "cells", "placed",
                 "removed", "text", "where", "what", "focus", "merged",
                 "sets_level", "reasons", "_puzzle")

    def __init__(self, puzzle: "Puzzle", raw: tuple) -> None:
        (technique, level, cells, placed, removed, self.text, self.where,
         self.what, focus, self.merged, sets_level, reasons) = raw
        self.sets_level = bool(sets_level)
        n = puzzle.size
        self.reasons = tuple(Reason._make_raw(n, r) for r in reasons)
        self.focus = tuple(divmod(c, n) for c in focus)
        known = 0 <= technique < len(_TECHNIQUES)
        self.technique = _TECHNIQUES[technique].name if known else None
        self.title = _TECHNIQUES[technique].title if known else None
        self.level = _level(puzzle._model.scale, level)
        self.cells = tuple(divmod(c, n) for c in cells)
        self.placed = tuple(Candidate(*divmod(c, n), v) for c, v in placed)
        self.removed = tuple(Candidate(*divmod(c, n), v)
                             for c, v in removed)
        self._puzzle = puzzle

    def apply(self, state: "StateLike") -> "State":
        """The state after this step, as a new State (state itself is
        not changed): its value placed, and the candidates it removes
        struck from the pencil marks.  Pencil marks are noted only where
        a removal is not already implied by the filled cells, as ``cdok
        hint --apply`` writes them, so the next hint starts where this
        step ended.  state is a State, a grid or a text, as
        Puzzle.hint() takes it."""
        p = self._puzzle
        start = _as_state(p, state)
        n = p.size
        values, marks = start._flat()
        values, marks = p._model.apply(
            [(r * n + c, v) for r, c, v in self.placed],
            [(r * n + c, v) for r, c, v in self.removed], values, marks)
        return State._from_flat(n, values, marks)

    def to_dict(self) -> Dict[str, Any]:
        """The step as ``cdok --to json explain`` writes it (a "steps"
        entry, doc/FORMAT.md): technique, level (lower case), cells as
        [row, column], placed and removed as [row, column, value], text,
        where, what, focus as [row, column]; merged when above 1 and
        sets_level when true.
        """
        d = {
            "technique": self.technique,
            "level": self.level.name.lower() if self.level else None,
            "cells": [list(c) for c in self.cells],
            "placed": [list(c) for c in self.placed],
            "removed": [list(c) for c in self.removed],
            "text": self.text,
            "reasons": [r.to_dict() for r in self.reasons],
            "where": self.where,
            "what": self.what,
            "focus": [list(c) for c in self.focus],
        }
        if self.merged > 1:
            d["merged"] = self.merged
        if self.sets_level:
            d["sets_level"] = True
        return d

    def __str__(self) -> str:
        if self.title is None:
            return self.text
        return f"{self.title} ({self.level}): {self.text}"

    def __repr__(self) -> str:
        return f"<cdok.Step {self.technique or 'contradiction'}: {self.text}>"


class Explanation(Sequence[Step]):
    """The whole solution of a puzzle, step by step (Puzzle.explain()).

    An Explanation is the sequence of its steps (len, indexing,
    iteration), with:

    Attributes:
        grade: the Grade, what Puzzle.grade() gives for the same level.
        solved: True when the steps fill the grid; False when no
            technique up to the level allowed applies any more (grade
            is then ABOVE), or when the puzzle has no level at all
            (no or several solutions, Nylimb rules).
        steps: the steps, a list of Step.

    str(explanation) is the text ``cdok explain`` prints: the level
    line, then each step numbered.
    """

    __slots__ = ("grade", "solved", "steps", "_top")

    def __init__(self, puzzle: "Puzzle", raw: tuple, top: int) -> None:
        grade, self.solved, steps = raw
        self.grade = Grade(grade)
        self.steps = [Step(puzzle, s) for s in steps]
        scale = puzzle._model.scale
        self._top = _level(scale, top if top >= 0 else
                           len(_LEVELS.get(scale, ())) - 1)

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> List[Step]: ...

    def __getitem__(self, index: Union[int, slice]
                    ) -> Union[Step, List[Step]]:
        return self.steps[index]

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __str__(self) -> str:
        g = self.grade
        if g.outcome is GradeOutcome.LEVEL:
            count = len(self.steps)
            # The finer score and difficulty are in self.grade.
            lines = [f"Level: {g.level}, {count} step"
                     f"{'' if count == 1 else 's'}"]
        elif g.outcome is GradeOutcome.ABOVE:
            lines = [f"Level: above {self._top}"]
        else:
            lines = [f"Level: {g}"]
        for i, s in enumerate(self.steps, 1):
            # A round of routine steps is titled by its what.
            title = (s.what.split(":", 1)[0] if s.merged > 1 and
                     ":" in s.what else s.title)
            mark = (f" ({s.level}, sets the level)" if s.sets_level
                    else "")
            lines.append(f"{i}. {title}{mark}: {s.text}")
        if g.outcome is GradeOutcome.ABOVE:
            lines.append(f"No technique up to {self._top} applies now; "
                         "the rest needs a harder level.")
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return (f"<cdok.Explanation {self.grade.outcome.value}, "
                f"{len(self.steps)} steps, solved={self.solved}>")


class Hint:
    """The next step a person would take from a state (Puzzle.hint()).

    Attributes:
        outcome: a HintOutcome: STEP, SOLVED, STUCK, CONTRADICTION,
            IMPOSSIBLE or AMBIGUOUS.
        step: STEP: the Step to take.  CONTRADICTION, IMPOSSIBLE and
            AMBIGUOUS: a Step whose technique, title and level are None,
            whose cells are the cells at fault (none for the last two)
            and whose text says what is wrong.  None for SOLVED and
            STUCK.
        empty: how many cells of the state are empty.
        where, what, focus: the step's first two tiers and the cells
            to highlight (Step.where, Step.what, Step.focus); ""
            and () when there is no step.

    str(hint) is what ``cdok hint`` prints.  hint.apply(state) takes the
    step (for any other outcome it gives the state unchanged, as ``cdok
    hint --apply`` does).
    """

    __slots__ = ("outcome", "step", "empty", "_top", "_puzzle")

    @property
    def where(self) -> str:
        """Where to look, naming no technique (a hint's first tier)."""
        return self.step.where if self.step is not None else ""

    @property
    def what(self) -> str:
        """The technique and its cells (a hint's second tier)."""
        return self.step.what if self.step is not None else ""

    @property
    def focus(self) -> Tuple[Tuple[int, int], ...]:
        """The cells of the place where names, (row, column) from 0."""
        return self.step.focus if self.step is not None else ()

    def __init__(self, puzzle: "Puzzle", raw: tuple, top: int) -> None:
        outcome, step, self.empty = raw
        self._puzzle = puzzle
        self.outcome = _HINT_OUTCOMES[outcome]
        self.step = None if step is None else Step(puzzle, step)
        scale = puzzle._model.scale
        self._top = _level(scale, top if top >= 0 else
                           len(_LEVELS[scale]) - 1)

    def apply(self, state: "StateLike") -> "State":
        """The state after the step, as a new State (Step.apply); for
        any outcome but STEP, a copy of the state as it is."""
        if self.outcome is HintOutcome.STEP and self.step is not None:
            return self.step.apply(state)
        return _as_state(self._puzzle, state).copy()

    def __str__(self) -> str:
        o = self.outcome
        if o is HintOutcome.STEP:
            return str(self.step)
        if o is HintOutcome.SOLVED:
            return "The puzzle is solved."
        if o is HintOutcome.STUCK:
            return f"No technique up to {self._top} applies to this state."
        if o is HintOutcome.IMPOSSIBLE:
            return "The puzzle has no solution, so there is no next step."
        if o is HintOutcome.AMBIGUOUS:
            return ("The puzzle has more than one solution, so no "
                    "reasoning can finish it.")
        assert self.step is not None
        return f"This state cannot be finished: {self.step.text}."

    def __repr__(self) -> str:
        return f"<cdok.Hint {self.outcome.value}: {self}>"


def _marks(flat: list, i: int, size: int) -> Optional[FrozenSet[int]]:
    m = flat[i]
    if m is None:
        return None
    try:
        return frozenset(m)
    except TypeError:
        raise TypeError(f"candidates[{i // size}][{i % size}] must be None "
                        f"or a set of values, not {type(m).__name__}"
                        ) from None


class State:
    """A grid being solved: its values and the player's pencil marks
    (doc/FORMAT.md, "States of play").

        State(size, values=None, candidates=None)

    Attributes:
        size: N; the grid has N x N cells.
        values: N rows of N values, None for an empty cell (0 is taken
            as empty too).
        candidates: N rows of N entries: None where the cell's pencil
            marks are not noted (its candidates are then every value
            that the filled cells seeing it leave), or a set of values,
            the marks.  Marks of a filled cell are ignored.

    Both are plain lists: change them as play goes on.  Puzzle.state()
    gives the state of play at the start; Puzzle.hint() and
    Step.apply() take a state and Step.apply() gives the next one.
    str(state) is the text ``cdok hint --state`` reads and ``--apply``
    writes ("5 . {24} 1" rows); cdok.read_state(text, size) reads it.
    """

    __slots__ = ("size", "values", "candidates")

    def __init__(self, size: int,
                 values: Optional[Sequence[Sequence[Optional[int]]]] = None,
                 candidates: Optional[Sequence[Sequence[
                     Optional[Iterable[int]]]]] = None) -> None:
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"size must be an int, not {type(size).__name__}")
        if not 1 <= size <= 63:
            raise InvalidError(f"a grid's size is 1..63, not {size}")
        self.size = size
        self.values: List[List[Optional[int]]] = [[None] * size
                                                  for _ in range(size)]
        self.candidates: List[List[Optional[FrozenSet[int]]]] = [
            [None] * size for _ in range(size)]
        if values is not None:
            from ._puzzle import _flat_grid
            flat = _flat_grid(values, size, "values")
            self.values = [[None if v == 0 else v
                            for v in flat[r * size:(r + 1) * size]]
                           for r in range(size)]
        if candidates is not None:
            from ._puzzle import _flat_grid
            flat = _flat_grid(candidates, size, "candidates")
            self.candidates = [[_marks(flat, r * size + c, size)
                                for c in range(size)] for r in range(size)]

    @classmethod
    def _from_flat(cls, size: int, values: List[Optional[int]],
                   marks: Optional[List[int]]) -> "State":
        state = cls(size)
        state.values = [values[r * size:(r + 1) * size] for r in range(size)]
        if marks is not None:
            state.candidates = [
                [frozenset(v for v in range(1, size + 1) if m >> v & 1)
                 if m else None for m in marks[r * size:(r + 1) * size]]
                for r in range(size)]
        return state

    def _flat(self) -> Tuple[list, List[int]]:
        """Values and pencil marks as the library takes them: flat, the
        marks as bit sets (bit v for value v, 0 for not noted)."""
        from ._puzzle import _flat_grid
        n = self.size
        values = _flat_grid(self.values, n, "the state's values")
        rows = _flat_grid(self.candidates, n, "the state's candidates")
        marks = []
        for i, m in enumerate(rows):
            if m is None:
                marks.append(0)
                continue
            where = f"candidates[{i // n}][{i % n}]"
            try:
                items = list(m)
            except TypeError:
                raise TypeError(f"{where} must be None or a set of values, "
                                f"not {type(m).__name__}") from None
            if not items:
                raise InvalidError(f"{where} is empty: a cell with pencil "
                                   "marks needs at least one candidate "
                                   "(None: not noted)")
            mask = 0
            for v in items:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise TypeError(f"{where} holds {v!r}: pencil marks "
                                    "are ints")
                if not 1 <= v <= n:
                    raise InvalidError(f"{where}: the pencil mark {v} is "
                                       f"outside 1..{n}")
                mask |= 1 << v
            marks.append(mask)
        return values, marks

    @property
    def empty(self) -> int:
        """How many cells are empty."""
        return sum(v is None or v == 0 for row in self.values for v in row)

    def copy(self) -> "State":
        """A copy whose lists can be changed apart from this one's."""
        return State(self.size, self.values, self.candidates)

    def dumps(self) -> str:
        """The state as text (cdok_write_state): N rows of N cells, a
        value, '.' for an empty cell, or pencil marks in braces for an
        empty cell that has them ("{24}"; "{2,11}" above 9 x 9)."""
        values, marks = self._flat()
        return _cdok.write_state(self.size, values, marks)

    __str__ = dumps

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.size == other.size and self._flat() == other._flat()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        n = self.size
        return f"<cdok.State {n}x{n}, {self.empty} empty>"


#: What Puzzle.hint() and Step.apply() take as a state: a State, a grid
#: of values (N rows of N, None for empty), or a text read_state() reads.
StateLike = Union[State, Sequence[Sequence[Optional[int]]], str, bytes]


def read_state(text: Union[str, bytes], size: int) -> State:
    """A state of play from text (doc/FORMAT.md, "States of play"), as
    ``cdok hint --state`` reads it: size rows of size cells, each a
    value, '.' or 0 for an empty cell, or pencil marks in braces
    ("{13}"; "{2,11}" in grids above 9 x 9).  Lines starting with '#' or
    '@' before the grid are skipped; a text with nothing else is the
    empty grid.  A bad text raises cdok.ParseError with the line and
    column."""
    if isinstance(text, str):
        data = text.encode("utf-8")
    elif isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
    else:
        raise TypeError(f"expected a str or bytes, not {type(text).__name__}")
    if not isinstance(size, int) or isinstance(size, bool):
        raise TypeError(f"size must be an int, not {type(size).__name__}")
    values, marks = _cdok.read_state(data, size)
    return State._from_flat(size, values, marks)


def _as_state(puzzle: "Puzzle", state: Any) -> State:
    """A state argument as a State of the puzzle's size (None: the
    start, the givens)."""
    n = puzzle.size
    if state is None:
        return puzzle.state()
    if isinstance(state, (str, bytes, bytearray, memoryview)):
        return read_state(state, n)
    if isinstance(state, State):
        if state.size != n:
            raise InvalidError(f"the state is {state.size} x {state.size}; "
                               f"the puzzle is {n} x {n}")
        return state
    from ._puzzle import _flat_grid
    values = _flat_grid(state, n, "the state")
    return State(n, [values[r * n:(r + 1) * n] for r in range(n)])


class Mistakes:
    """What the mistake finder found in a partly filled grid
    (Puzzle.mistakes()).

    A Mistakes is the sequence of its problems (len, indexing,
    iteration), false when there are none, with:

    Attributes:
        problems: a list of cdok.Problem: the values that break a rule
            and, when the puzzle has exactly one solution, every filled
            value that differs from it (kind "wrong") and every empty
            cell whose pencil marks leave out its value (kind "marks").
            An empty cell is no mistake.
        unique: True when the puzzle has exactly one solution, so wrong
            values were looked for; False when it has none or several
            (or max_nodes ran out): then only broken rules are listed.
        empty: how many cells are empty.
    """

    __slots__ = ("problems", "unique", "empty")

    def __init__(self, problems: List["Problem"], unique: bool,
                 empty: int) -> None:
        self.problems = problems
        self.unique = unique
        self.empty = empty

    def __len__(self) -> int:
        return len(self.problems)

    def __iter__(self) -> Iterator["Problem"]:
        return iter(self.problems)

    def __getitem__(self, index: int) -> "Problem":
        return self.problems[index]

    def __repr__(self) -> str:
        return (f"<cdok.Mistakes {len(self.problems)} problems, "
                f"{self.empty} empty, unique={self.unique}>")
