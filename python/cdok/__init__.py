"""cdok: Calcudoku (KenKen) and Killer Sudoku in Python, on the cdok C
library.

Read a puzzle in any format cdok reads (told from its text, or named),
solve it with a limit on the solutions counted, check a proposed grid,
write it in every format, or make new puzzles with exactly one
solution::

    >>> import cdok
    >>> p = cdok.loads('''
    ... A+7 B+5 B   C*48
    ... A   C   C   C
    ... A   A   D+8 D
    ... E-1 E   D   1
    ... ''')
    >>> r = p.solve()
    >>> r.verdict, r.count
    (<Verdict.UNIQUE: 'unique'>, 1)
    >>> r.solution
    [[1, 2, 3, 4], [2, 4, 1, 3], [3, 1, 4, 2], [4, 3, 2, 1]]
    >>> print(p.dumps("keen"), end="")
    4:_a_cb_b_5b__,a7a5m48a8s1a1
    >>> for problem in p.check([[1, 2, 3, 4], [2, 4, 1, 3],
    ...                         [3, 1, 2, 4], [4, 3, 2, 1]]):
    ...     print(problem)
    column 3 has 2 twice (rows 3 and 4)
    column 4 has 4 twice (rows 1 and 3)

How hard is it for a person?  Grade it on the levels of Simon Tatham's
games (Keen's for Calcudoku, Solo's for Killer Sudoku), ask for the next
step from a state of play, or for the whole solution in words::

    >>> g = p.grade()
    >>> g.level.name, g.score, g.difficulty
    ('Easy', 23, 10023)
    >>> h = p.hint()
    >>> h.step.technique, h.step.cells
    ('cage-values', ((0, 0), (1, 0), (2, 0), (2, 1)))
    >>> print(h.apply(p.state()), end="")
    {123} . . .
    {123} . . .
    {123} {123} . .
    . . . 1
    >>> steps = p.explain()
    >>> len(steps), steps.solved, steps[0].title
    (19, True, 'Values a cage can use')

The main names:

    loads(text), load(path_or_file), loads_all(), load_all()  -- read
    Puzzle(size, cages, givens, ...)  -- build from Python data
    Puzzle.solve(limit=2, ...) -> Result   (verdict, count, solutions)
    Puzzle.check(grid) -> [Problem]        (each with its sentence)
    Puzzle.dumps(format), dumps(puzzles, format), dump(...)  -- write
    generate(size, seed=..., ops=..., killer=..., sudoku=...,
             level=...)  -- make one
    Puzzle.grade(level=None) -> Grade      (level, score, techniques)
    Puzzle.explain(level=None) -> Explanation   (a sequence of Step)
    Puzzle.hint(state=None, level=None) -> Hint (Step; hint.apply(state))
    Puzzle.hint_place(state=None, level=None) -> Hint (a value to write)
    Puzzle.state() -> State, read_state(text, size)  -- states of play
    Puzzle.mistakes(grid) -> Mistakes      (the mistake finder)
    levels(scale), techniques(), Level, Technique
    formats(), detect(text), read_grid(text, size)
    Error, ParseError, InvalidError, LimitError, UnsupportedError

The modules cdok.killer and cdok.calpoly give the interfaces of two
programs cdok replaces: the Killer Sudoku solver's solve(board, cages)
and the Cal Poly assignment's validate_* functions (each also runs as
``python3 -m``).
"""

from . import _cdok
from ._errors import (Error, InvalidError, LimitError, ParseError,
                      UnsupportedError)
from ._functions import (Format, detect, dump, dumps, formats, generate,
                         load, load_all, loads, loads_all, read_grid)
from ._levels import (Candidate, Explanation, Grade, GradeOutcome, Hint,
                      HintOutcome, Level, Mistakes, Reason, State, Step,
                      Technique, levels, read_state, techniques)
from ._puzzle import Cage, Cell, Grid, Problem, Puzzle, Result, Verdict

# Show the public classes as cdok.X (in help(), reprs and tracebacks),
# where users find them, rather than in the private modules.
for _cls in (Cage, Candidate, Error, Explanation, Format, Grade,
             GradeOutcome, Hint, HintOutcome, InvalidError, Level,
             LimitError, Mistakes, ParseError, Problem, Puzzle, Reason,
             Result, State, Step, Technique, UnsupportedError, Verdict):
    _cls.__module__ = __name__
del _cls

#: The version of the C library the package is built on (cdok_version()).
__version__ = _cdok.version()

__all__ = ["Cage", "Candidate", "Cell", "Error", "Explanation", "Format",
           "Grade", "GradeOutcome", "Grid", "Hint", "HintOutcome",
           "InvalidError", "Level", "LimitError", "Mistakes", "ParseError",
           "Problem", "Puzzle", "Reason", "Result", "State", "Step",
           "Technique",
           "UnsupportedError", "Verdict", "__version__", "detect", "dump",
           "dumps", "formats", "generate", "levels", "load", "load_all",
           "loads", "loads_all", "read_grid", "read_state", "techniques"]
