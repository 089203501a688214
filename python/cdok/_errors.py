"""The exceptions of the cdok package.

Every failure of the library is one of these, chosen by the library's
status: the text does not follow its format (ParseError), the puzzle
breaks the model's rules (InvalidError), something is beyond what cdok
supports (LimitError), or a format cannot hold a puzzle
(UnsupportedError).  All of them are cdok.Error, which is a ValueError,
and carry where the problem is: the file (when there is one), and the
line and column in its text (when the problem has a position).

Running out of memory raises MemoryError; a file that cannot be opened,
OSError; an argument of the wrong Python type, TypeError.
"""

from __future__ import annotations

from typing import Optional

__all__ = ["Error", "ParseError", "InvalidError", "LimitError",
           "UnsupportedError"]


class Error(ValueError):
    """A failure of cdok: bad input, or a puzzle a format cannot hold.

    Attributes:
        status: the library's name for the kind of failure, such as
            "syntax error" (the same for every instance of a class).
        message: what is wrong, in one plain sentence.
        file: the name of the file read, or None.
        line, column: the position of the problem in the text read,
            counted from 1, or None when it has none.
    """

    status = "error"

    def __init__(self, message: str, *, file: Optional[str] = None,
                 line: Optional[int] = None,
                 column: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = [str(part) for part in (self.file, self.line, self.column)
                 if part is not None]
        if not where:
            return self.message
        return ":".join(where) + ": " + self.message

    def __reduce__(self):
        return (_rebuild, (type(self), self.message, self.file, self.line,
                           self.column))


def _rebuild(cls, message, file, line, column):
    return cls(message, file=file, line=line, column=column)


class ParseError(Error):
    """The text does not follow its format (the library's syntax error)."""

    status = "syntax error"


class InvalidError(Error):
    """A puzzle, or a value given for one, breaks the model's rules."""

    status = "invalid puzzle"


class LimitError(Error):
    """A size, count or number beyond what cdok supports, or a generator
    that found no puzzle within the difficulty asked for."""

    status = "limit exceeded"


class UnsupportedError(Error):
    """A format that cannot express this puzzle (or cannot read or write
    at all), or something cdok does not do for this kind of puzzle
    (hints for a Nylimb puzzle, which has no levels)."""

    status = "not supported by the format"
