"""Types of the extension module cdok._cdok (python/src/*.c).

Grids cross the boundary flat: size*size values in reading order, None
(or NONE) for no value.  The cdok package gives these functions names,
defaults and checks; call them through it.
"""

from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

NONE: int

_Flat = Sequence[Optional[int]]
_Grid = List[List[Optional[int]]]
# (op, target, flat cells, label, distinct)
_CageTuple = Tuple[str, int, Tuple[int, ...], Optional[str], bool]
# (kind, row, column, value, given, where, cage, got, got_den, overflow,
#  sentence)
_ProblemTuple = Tuple[int, int, int, int, int, int, int, int, int, bool, str]
# (verdict, count, complete, gave_up, nodes, branches, difficulty,
#  solutions, timed_out)
_SolveTuple = Tuple[int, int, bool, bool, int, int, int, List[_Grid], bool]
# (outcome, scale, level, score, difficulty, steps, counts per technique,
#  cage_budget_hit)
_GradeTuple = Tuple[int, int, int, int, int, int, Tuple[int, ...], bool]
# (cell, value), cells flat
_Pairs = Tuple[Tuple[int, int], ...]
# A reason: placed, cell, value, kind, rcell, rvalue, unit, unit2, cage,
# sum, values (bits), text
_ReasonTuple = Tuple[int, int, int, int, int, int, int, int, int, int, int,
                     str]
# technique, level, cells, placed, removed, text, where, what, focus,
# merged, sets_level, reasons
_StepTuple = Tuple[int, int, Tuple[int, ...], _Pairs, _Pairs, str, str,
                   str, Tuple[int, ...], int, int,
                   Tuple[_ReasonTuple, ...]]
# Pencil marks: one bit set per cell (bit v for value v; 0: not noted).
_Marks = Sequence[int]


class Model:
    """One libcdok puzzle, immutable."""

    @property
    def size(self) -> int: ...
    @property
    def boxes(self) -> Optional[Tuple[int, int]]: ...
    @property
    def rules(self) -> int: ...
    def givens(self) -> List[Optional[int]]: ...
    def cages(self) -> List[_CageTuple]: ...
    def write(self, format: str, values: Optional[_Flat]
              ) -> Union[str, bytes]: ...
    def check(self, values: _Flat) -> List[_ProblemTuple]: ...
    def solve(self, limit: int, keep: int, max_nodes: int, timeout: float,
              progress: Optional[Callable[[int], Any]]) -> _SolveTuple: ...
    @property
    def scale(self) -> int: ...
    def grade(self, max_level: int, max_nodes: int) -> _GradeTuple: ...
    def explain(self, max_level: int, max_nodes: int, brief: bool
                ) -> Tuple[_GradeTuple, bool, List[_StepTuple]]: ...
    def hint(self, values: _Flat, marks: Optional[_Marks], max_level: int,
             max_nodes: int, place: bool
             ) -> Tuple[int, Optional[_StepTuple], int]: ...
    def apply(self, placed: Sequence[Tuple[int, int]],
              removed: Sequence[Tuple[int, int]], values: _Flat,
              marks: Optional[_Marks]
              ) -> Tuple[List[Optional[int]], Optional[List[int]]]: ...
    def check_partial(self, values: _Flat, marks: Optional[_Marks],
                      max_nodes: int
                      ) -> Tuple[List[_ProblemTuple], bool]: ...


def version() -> str: ...
def formats() -> List[Tuple[str, str, int]]: ...
def detect(data: bytes) -> Optional[str]: ...
def read(data: bytes, format: Optional[str], rules: int) -> List[Model]: ...
def read_grid(data: bytes, size: int) -> _Grid: ...
def write_all(format: str, models: List[Model],
              values: Optional[List[Optional[_Flat]]],
              flags: int,
              picture: Optional[Tuple[int, Optional[str], Optional[str],
                                      int, bool, bool]],
              sources: Optional[List[Optional[str]]]
              ) -> Union[str, bytes]: ...
def build(size: int, givens: _Flat, cages: List[_CageTuple],
          boxes: Optional[Tuple[int, int]], rules: int) -> Model: ...
def killer_build(board: Any, cages: Any) -> Model: ...
def generate(size: int, ops: int, two_cell: bool, max_cage: int,
             iterations: int, max_score: int, target_score: int,
             kind: int, box_rows: int, box_cols: int, rules: int,
             seed: int, level: int) -> Tuple[Model, int]: ...
def levels(scale: int) -> List[Tuple[str, str]]: ...
def level_find(scale: int, word: str) -> int: ...
def techniques() -> List[Tuple[str, str, int, int]]: ...
def read_state(data: bytes, size: int
               ) -> Tuple[List[Optional[int]], List[int]]: ...
def write_state(size: int, values: _Flat, marks: Optional[_Marks]) -> str: ...
