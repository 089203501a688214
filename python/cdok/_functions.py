"""Reading, writing, formats and generation."""

import os
import secrets
from typing import (IO, Any, FrozenSet, Iterable, List, NamedTuple, Optional,
                    Sequence, Tuple, Union)

from . import _cdok
from ._errors import Error, InvalidError, ParseError
from ._levels import Level, _level_index
from ._puzzle import RULE_NYLIMB, Grid, Puzzle, _flat_grid, _is_int

__all__ = ["loads", "loads_all", "load", "load_all", "dumps", "dump",
           "read_grid", "formats", "detect", "Format", "generate"]

Source = Union[str, bytes, "os.PathLike[str]", IO[Any]]

# The CDOK_FORMAT_* flags of include/cdok.h, by name.
_FLAGS = (("read", 0x01), ("write", 0x02), ("values", 0x04),
          ("line", 0x08), ("picture", 0x10), ("binary", 0x20),
          ("single", 0x40), ("results", 0x80))

# The CDOK_WRITER_* flags.
_WRITER_COMPACT = 0x1
_WRITER_ARRAY = 0x2


class Format(NamedTuple):
    """A format cdok reads or writes.

    flags holds what it can do: "read", "write", "values" (a written
    puzzle can carry a solution), "line" (one puzzle per line),
    "picture" (for people; never read back), "binary", "single" (one
    puzzle per file), "results" (also result documents).
    """

    name: str
    summary: str
    flags: FrozenSet[str]


def formats() -> List[Format]:
    """Every format of this build, in the order cdok lists them."""
    return [Format(name, summary,
                   frozenset(word for word, bit in _FLAGS if flags & bit))
            for name, summary, flags in _cdok.formats()]


def _as_bytes(text: Union[str, bytes]) -> bytes:
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"expected a str or bytes, not {type(text).__name__}")


def detect(text: Union[str, bytes]) -> Optional[str]:
    """The name of the format a text is written in, told from its
    content as the cdok program does, or None for a text that holds
    nothing but white space."""
    return _cdok.detect(_as_bytes(text))


def _with_file(error: Error, name: Optional[str]) -> Error:
    if name is not None and error.file is None:
        error.file = name
    return error


def loads_all(text: Union[str, bytes], format: Optional[str] = None, *,
              nylimb: bool = False, name: Optional[str] = None
              ) -> List[Puzzle]:
    """Every puzzle of a text (a stream may hold several).

    format names the format ("spec", "ucf", "calpoly", "keen", "solo",
    "sudoku", "arrows", "sudocue", "killer", "json"); without it the
    format is told from the text.
    nylimb reads the puzzles with the Nylimb rules, as ``cdok -N`` does.
    name is the file name to give errors and puzzles.  A text that does
    not follow its format raises cdok.ParseError (or another cdok.Error)
    with the line and column.
    """
    data = _as_bytes(text)
    try:
        models = _cdok.read(data, format, RULE_NYLIMB if nylimb else 0)
    except Error as error:
        raise _with_file(error, name)
    return [Puzzle._wrap(model, name) for model in models]


def loads(text: Union[str, bytes], format: Optional[str] = None, *,
          nylimb: bool = False, name: Optional[str] = None) -> Puzzle:
    """The puzzle a text holds (see loads_all).  A text that holds
    several raises cdok.ParseError: read those with loads_all()."""
    puzzles = loads_all(text, format, nylimb=nylimb, name=name)
    if len(puzzles) != 1:
        raise ParseError(f"the text holds {len(puzzles)} puzzles; "
                         "loads_all() reads every one", file=name)
    return puzzles[0]


def _read_source(source: Source) -> Tuple[bytes, Optional[str]]:
    if hasattr(source, "read"):
        data = source.read()  # type: ignore[union-attr]
        name = getattr(source, "name", None)
        return _as_bytes(data), name if isinstance(name, str) else None
    if isinstance(source, (str, bytes, os.PathLike)):
        path = os.fspath(source)
        with open(path, "rb") as f:
            data = f.read()
        return data, os.fsdecode(path)
    raise TypeError(f"expected a path or a file object, not "
                    f"{type(source).__name__}")


def load_all(source: Source, format: Optional[str] = None, *,
             nylimb: bool = False) -> List[Puzzle]:
    """Every puzzle of a file: a path or a file object (text or binary).
    Errors name the file, the line and the column."""
    data, name = _read_source(source)
    return loads_all(data, format, nylimb=nylimb, name=name)


def load(source: Source, format: Optional[str] = None, *,
         nylimb: bool = False) -> Puzzle:
    """The puzzle of a file (see load_all); one that holds several
    raises cdok.ParseError."""
    data, name = _read_source(source)
    return loads(data, format, nylimb=nylimb, name=name)


def read_grid(text: Union[str, bytes], size: int) -> Grid:
    """A proposed solution from text: size rows of size numbers (or, up
    to 9 x 9, rows of digits), as the cdok program's check reads it.  '.'
    is an empty cell (None); 0 is kept as 0, which a plain puzzle takes
    as empty too."""
    if not _is_int(size):
        raise TypeError(f"size must be an int, not {type(size).__name__}")
    return _cdok.read_grid(_as_bytes(text), size)


def _picture(format: str, per_page: Optional[int], paper: Optional[str],
             title: Optional[str], dpi: Optional[int],
             with_solutions: bool, givens_as_cages: bool) -> Optional[tuple]:
    """The picture options for write_all: None when none was given."""
    if (per_page, paper, title, dpi) == (None,) * 4 and \
            not with_solutions and not givens_as_cages:
        return None
    for name, value in (("per_page", per_page), ("dpi", dpi)):
        if value is not None and not _is_int(value):
            raise TypeError(f"{name} must be an int, not "
                            f"{type(value).__name__}")
    return (per_page or 0, paper, title, dpi or 0, bool(with_solutions),
            bool(givens_as_cages))


def _source(p: Puzzle) -> Optional[str]:
    """A booklet caption's source, as the cdok program gives it: the seed
    cdok.generate() made the puzzle from, else its Keen or Solo game ID
    when it can be written so (the pages leave out one too wide)."""
    if p.seed is not None:
        return f"seed {p.seed}"
    for fmt in ("keen", "solo"):
        try:
            text = p.dumps(fmt).strip()
        except Error:
            continue
        if text and len(text.encode()) <= 256 and "\n" not in text:
            return text
    return None


def dumps(puzzles: Union[Puzzle, Iterable[Puzzle]], format: str = "spec",
          *, solutions: Optional[Sequence[Optional[Grid]]] = None,
          compact: bool = False, array: bool = False,
          per_page: Optional[int] = None, paper: Optional[str] = None,
          title: Optional[str] = None, dpi: Optional[int] = None,
          with_solutions: bool = False,
          givens_as_cages: bool = False) -> Union[str, bytes]:
    """Several puzzles as one text of a format, as the cdok program writes
    a stream: one UCF file with one closing 0, one Keen ID a line, JSON
    documents one after another, or a PDF booklet.

    solutions, when given, holds one grid (or None) per puzzle: each
    puzzle is written with its solution (for "ucf" and "calpoly", the
    answers), and a None leaves that puzzle out while the others keep
    their numbers ("KenKen Puzzle #4:" stays #4).  compact and array
    apply to "json": one line per document, or one array of them.

    "pdf" is a booklet (bytes): per_page puzzles on a page (1 to 24),
    on paper "a4" (the default), "a5", "a3", "letter" or "legal", with
    title on every page, and with_solutions adds answer keys at the
    back, as ``cdok --to pdf`` does; each caption names the puzzle's
    level and, when it fits, its seed (Puzzle.seed) or game ID.  "svg"
    and "png" draw one puzzle (png at dpi pixels per inch, 18 to 1200,
    default 150): use Puzzle.dumps, or one call per puzzle.
    givens_as_cages, in all three, draws a Calcudoku's givens
    as KenKen is printed, each a one-cell cage with its value as the
    corner clue (``--givens-as-cages``); Killer and Sudoku keep their
    givens as digits.
    """
    if isinstance(puzzles, Puzzle):
        puzzles = [puzzles]
    puzzles = list(puzzles)
    for p in puzzles:
        if not isinstance(p, Puzzle):
            raise TypeError(f"dumps() takes puzzles, not "
                            f"{type(p).__name__}")
    values = None
    if solutions is not None:
        solutions = list(solutions)
        if len(solutions) != len(puzzles):
            raise InvalidError(f"{len(solutions)} solutions for "
                               f"{len(puzzles)} puzzles")
        values = [None if s is None else
                  _flat_grid(s, p.size, "the solution")
                  for p, s in zip(puzzles, solutions)]
    flags = (_WRITER_COMPACT if compact else 0) | \
        (_WRITER_ARRAY if array else 0)
    sources = [_source(p) for p in puzzles] if format == "pdf" else None
    return _cdok.write_all(format, [p._model for p in puzzles], values,
                           flags, _picture(format, per_page, paper, title,
                                           dpi, with_solutions,
                                           givens_as_cages), sources)


def _write_to(file: Any, text: Union[str, bytes]) -> None:
    if hasattr(file, "write"):
        file.write(text)
        return
    if isinstance(text, str):
        with open(file, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    else:
        with open(file, "wb") as f:
            f.write(text)


def dump(puzzles: Union[Puzzle, Iterable[Puzzle]], file: Any,
         format: str = "spec", **options: Any) -> None:
    """Write dumps(puzzles, format, **options) to a path or a file
    object.  The whole text is made first, so an error leaves the file
    untouched."""
    _write_to(file, dumps(puzzles, format, **options))


def _ops_mask(ops: str) -> int:
    """--ops of the cdok program, names or operator characters, as the
    library reads them (cdok_gen_ops_find)."""
    if not isinstance(ops, str):
        raise TypeError(f"ops must be a str, not {type(ops).__name__}")
    mask = _cdok.ops_find(ops)
    if mask == -1:
        raise ValueError(f"ops must be {', '.join(_cdok.ops_names())} or "
                         f"operator characters such as '+*', not "
                         f"{ops!r}")
    if mask == -2:
        raise ValueError(f"ops must hold + or *, not {ops!r}")
    return mask


def _whole(name: str, value: Any, low: int) -> int:
    if not _is_int(value):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}")
    return value


def generate(size: Optional[int] = None, *, seed: Optional[int] = None,
             ops: str = "all", two_cell: bool = False,
             max_cage: Optional[int] = None,
             iterations: Optional[int] = None,
             max_difficulty: Optional[int] = None,
             target_difficulty: Optional[int] = None,
             killer: bool = False, boxes: Optional[Tuple[int, int]] = None,
             nylimb: bool = False,
             level: Optional[Union[str, Level]] = None,
             sudoku: bool = False) -> Puzzle:
    """Make a puzzle with exactly one solution (proven by the solver).

    The options are those of ``cdok generate``: size (default 6, or 9
    for Killer), ops ("all", "mul", "add", "addsub", or characters such
    as "+*"), two_cell (- and / cages of two cells), max_cage (default
    5, or 4 above 32 x 32), iterations (hardening rounds; default 0, or
    20 with max_difficulty or target_difficulty, 10 with a level),
    max_difficulty, target_difficulty, killer (a Killer Sudoku: boxes,
    sum cages whose values differ, no givens unless a level needs
    some), sudoku (a plain Sudoku: boxes and givens, no cages; as
    ``cdok --sudoku``), boxes ((rows, columns) for Killer and plain
    Sudoku), nylimb and level.

    level makes a puzzle of exactly that level for a person (see
    Puzzle.grade()): a cdok.Level, a name or a code on the scale of the
    puzzles made, Keen's for Calcudoku ("easy", "normal", "hard",
    "extreme", "unreasonable"; e n h x u) and Solo's with killer
    ("trivial", "basic", "intermediate", "advanced", "extreme",
    "unreasonable"; t b i a e u) with killer or sudoku.  Every level occurs from 4 x 4 for
    Calcudoku and 6 x 6 for Killer; a 3 x 3 is at most Normal.  Without
    level, iterations, max_difficulty and target_difficulty, Killer
    Sudoku and Sudoku up to 9 x 9 are made Basic (Trivial at 4 x 4) and
    other puzzles at every level, as ``cdok generate`` makes them (the
    library decides both: cdok_gen_default_level).
    max_difficulty and target_difficulty are the grade's difficulty
    (Grade.difficulty: 10000 x (level + 1) + score), as ``cdok
    generate -m/-t`` takes them; Nylimb puzzles, which have no levels,
    use the solver's score.

    seed makes the puzzle reproducible: the same options and seed give
    the same puzzle as ``cdok --seed SEED generate`` does.  Without it a
    seed is drawn; either way it is kept in the puzzle's seed attribute.
    The search runs without the GIL.  cdok.LimitError: no puzzle within
    max_difficulty (or of the level) was found, and another seed may
    find one; cdok.InvalidError: the options do not fit, or the level
    is not one of the scale's or does not occur at that size.
    """
    if killer and sudoku:
        raise ValueError("a puzzle is either a Killer Sudoku or a plain "
                         "Sudoku, not both")
    if size is None:
        size = 9 if killer or sudoku else 6
    size = _whole("size", size, 1)
    if seed is None:
        seed = secrets.randbelow(10 ** 12)
    seed = _whole("seed", seed, 0)
    if seed >= 1 << 64:
        raise ValueError("seed must fit in 64 bits")
    max_cage = 0 if max_cage is None else _whole("max_cage", max_cage, 1)
    max_score = _whole("max_difficulty", max_difficulty or 0, 0)
    target_score = _whole("target_difficulty", target_difficulty or 0, 0)
    top = _generate_level(0 if nylimb else 2 if killer or sudoku else 1,
                          level, max_score or target_score)
    # The library's rounds and default level when none are named.
    iterations = -1 if iterations is None else \
        _whole("iterations", iterations, 0)
    box_rows, box_cols = (0, 0) if boxes is None else tuple(boxes)
    model, _score = _cdok.generate(
        size, _ops_mask(ops), bool(two_cell), max_cage, iterations,
        max_score, target_score, 2 if sudoku else 1 if killer else 0,
        box_rows, box_cols,
        RULE_NYLIMB if nylimb else 0, seed, top)
    return Puzzle._wrap(model, None, seed)


def _generate_level(scale: int, level: Any, difficulty: int) -> int:
    """generate()'s level as the library's number (-1: none), refused as
    ``cdok generate --level`` refuses it (a level that does not occur at
    the size, the library refuses)."""
    top = _level_index(scale, level)
    if top >= 0 and difficulty:
        raise ValueError("level and max_difficulty or target_difficulty "
                         "both set the difficulty; give one of them")
    return top
