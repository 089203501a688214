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

The main names:

    loads(text), load(path_or_file), loads_all(), load_all()  -- read
    Puzzle(size, cages, givens, ...)  -- build from Python data
    Puzzle.solve(limit=2, ...) -> Result   (verdict, count, solutions)
    Puzzle.check(grid) -> [Problem]        (each with its sentence)
    Puzzle.dumps(format), dumps(puzzles, format), dump(...)  -- write
    generate(size, seed=..., ops=..., killer=...)  -- make a puzzle
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
from ._puzzle import Cage, Cell, Grid, Problem, Puzzle, Result, Verdict

# Show the public classes as cdok.X (in help(), reprs and tracebacks),
# where users find them, rather than in the private modules.
for _cls in (Cage, Error, Format, InvalidError, LimitError, ParseError,
             Problem, Puzzle, Result, UnsupportedError, Verdict):
    _cls.__module__ = __name__
del _cls

#: The version of the C library the package is built on (cdok_version()).
__version__ = _cdok.version()

__all__ = ["Cage", "Cell", "Error", "Format", "Grid", "InvalidError",
           "LimitError", "ParseError", "Problem", "Puzzle", "Result",
           "UnsupportedError", "Verdict", "__version__", "detect", "dump",
           "dumps", "formats", "generate", "load", "load_all", "loads",
           "loads_all", "read_grid"]
