"""Levels: grades, explanations, hints, states of play, the mistake
finder and generating to a level -- checked against the cdok program
(build/cdok, which make builds before these tests) and against the
puzzles' known solutions."""

import contextlib
import ctypes
import gc
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import tracemalloc
import unittest

import cdok
from cdok import GradeOutcome, HintOutcome, State

from support import CDOK, REPO, corpus, files, read_grid_file

# Keen's and Solo's level letters in the corpus's names
# (tests/data/corpus/README.md).
KEEN_NAME = re.compile(r"keen_(\d)([enhxu])m?_")
SOLO_NAME = re.compile(r"killer_k([tbiaeu])_")


def solution_of(path):
    return read_grid_file(os.path.splitext(path)[0] + ".sol")


def graded_corpus():
    """Every corpus puzzle with exactly one solution that has a level:
    Keen's, Solo's Killer puzzles, the barium experts, the original
    cdok's."""
    return (files("keen", ".keen") + files("killer", ".solo")
            + [p for p in files("killer", ".json")
               if "barium" in os.path.basename(p)]
            + files("cdok", ".spec"))


def program(*args, check=True):
    """build/cdok ARGS: (status, stdout)."""
    if not os.path.exists(CDOK):
        raise unittest.SkipTest(f"{CDOK} is not built (make builds it "
                                "before the Python tests)")
    out = subprocess.run([CDOK, *args], capture_output=True, text=True,
                         check=False)
    if check and out.returncode not in (0, 10):
        raise AssertionError(f"cdok {' '.join(args)}: {out.returncode} "
                             f"{out.stderr}")
    return out.returncode, out.stdout


def program_json(*args):
    """One JSON document per puzzle from cdok --to json ARGS."""
    _, out = program("--to", "json", *args)
    return [json.loads(line) for line in out.splitlines()]


def grade_dict(g):
    """A Grade as the result document's "grade" object."""
    d = {"scale": g.scale, "outcome": g.outcome.value}
    if g.level is not None:
        d["level"] = g.level.name.lower()
        d["code"] = g.level.code
    if g.outcome is GradeOutcome.LEVEL:
        d.update(score=g.score, difficulty=g.difficulty, steps=g.steps,
                 techniques=g.techniques)
    if g.cage_budget_hit:
        d["cage_budget_hit"] = True
    return d


def replay(test, puzzle, steps, solution):
    """Apply steps from the start; every value placed is the solution's
    and no step removes a solution's value.  Returns the last state."""
    state = puzzle.state()
    for i, step in enumerate(steps):
        for r, c, v in step.placed:
            test.assertEqual(v, solution[r][c], f"step {i + 1}: {step}")
        for r, c, v in step.removed:
            test.assertNotEqual(v, solution[r][c], f"step {i + 1}: {step}")
        state = step.apply(state)
        for r in range(puzzle.size):
            for c in range(puzzle.size):
                marks = state.candidates[r][c]
                if state.values[r][c] is None and marks is not None:
                    test.assertIn(solution[r][c], marks)
    return state


class Tables(unittest.TestCase):
    def test_levels_of_both_scales(self):
        keen = cdok.levels()
        self.assertEqual([(lv.name, lv.code) for lv in keen],
                         [("Easy", "e"), ("Normal", "n"), ("Hard", "h"),
                          ("Extreme", "x"), ("Unreasonable", "u")])
        solo = cdok.levels("killer")
        self.assertEqual("".join(lv.code for lv in solo), "tbiaeu")
        self.assertEqual([lv.index for lv in solo], list(range(6)))
        self.assertTrue(keen[0] < keen[2])
        self.assertEqual(str(solo[3]), "Advanced")
        with self.assertRaisesRegex(cdok.InvalidError, "calcudoku"):
            cdok.levels("sudoku")

    def test_techniques(self):
        techs = {t.name: t for t in cdok.techniques()}
        self.assertEqual(techs["hidden-single"].calcudoku.name, "Easy")
        self.assertEqual(techs["hidden-single"].killer.name, "Basic")
        self.assertIsNone(techs["box-single"].calcudoku)
        self.assertIsNone(techs["cage-line"].killer)
        self.assertEqual(techs["guess"].calcudoku.name, "Unreasonable")
        self.assertEqual(techs["fish"].title.split()[0], "Fish")

    def test_puzzle_scale(self):
        keen = cdok.load(corpus("keen", "keen_6h_01.keen"))
        killer = cdok.load(corpus("killer", "killer_ka_01.solo"))
        self.assertEqual((keen.scale, killer.scale), ("calcudoku", "killer"))
        self.assertEqual(keen.levels, tuple(cdok.levels()))
        self.assertEqual(killer.levels, tuple(cdok.levels("killer")))
        nylimb = cdok.generate(5, nylimb=True, two_cell=True, seed=4)
        self.assertIsNone(nylimb.scale)
        self.assertEqual(nylimb.levels, ())


class Grading(unittest.TestCase):
    def test_same_grade_as_the_program(self):
        paths = graded_corpus()
        docs = program_json("examine", *paths)
        self.assertEqual(len(docs), len(paths))
        for path, doc in zip(paths, docs):
            with self.subTest(path=os.path.basename(path)):
                g = cdok.load(path).grade()
                self.assertEqual(grade_dict(g), doc["grade"])
                self.assertEqual(g.difficulty, doc["difficulty"])

    def test_levels_of_keen_and_solo(self):
        # Keen caps 3 x 3 at Normal, so its 3 x 3 names say what was
        # asked for, not what it made.
        seen = set()
        for path in files("keen", ".keen") + files("killer", ".solo"):
            name = os.path.basename(path)
            keen, solo = KEEN_NAME.match(name), SOLO_NAME.match(name)
            if keen and keen.group(1) == "3":
                continue
            code = keen.group(2) if keen else solo.group(1)
            with self.subTest(name=name):
                g = cdok.load(path).grade()
                self.assertIs(g.outcome, GradeOutcome.LEVEL)
                self.assertEqual(g.level.code, code)
                self.assertEqual(g.difficulty,
                                 10000 * (g.level.index + 1) + g.score)
                self.assertEqual(sum(g.techniques.values()), g.steps)
                seen.add((g.scale, g.level.name))
        self.assertEqual(len(seen), 11)

    def test_outcomes_that_are_not_levels(self):
        amb = cdok.load(corpus("ambiguous", "amb_6x6.spec")).grade()
        self.assertIs(amb.outcome, GradeOutcome.AMBIGUOUS)
        self.assertIsNone(amb.level)
        self.assertIsNone(amb.difficulty)
        self.assertIn("more than one solution", str(amb))
        for name in ("nosol_6x6.spec", "nosol_9x9.spec",
                     "nosol_givens_clash.spec", "nosol_killer.json"):
            with self.subTest(name=name):
                g = cdok.load(corpus("invalid", name)).grade()
                self.assertIs(g.outcome, GradeOutcome.IMPOSSIBLE)
                self.assertIsNone(g.score)
        nylimb = cdok.generate(5, nylimb=True, two_cell=True, seed=4)
        g = nylimb.grade()
        self.assertIs(g.outcome, GradeOutcome.UNGRADED)
        self.assertIsNone(g.scale)
        self.assertEqual(g.steps, 0)
        gave_up = cdok.load(corpus("ambiguous", "amb_9x9.spec")).grade(
            max_nodes=1)
        self.assertIs(gave_up.outcome, GradeOutcome.GAVE_UP)

    def test_above_the_levels_allowed(self):
        p = cdok.load(corpus("keen", "keen_6h_01.keen"))
        full = p.grade()
        self.assertEqual(full.level.name, "Hard")
        for word in ("easy", "E", "Normal", "n", p.levels[1]):
            with self.subTest(level=word):
                g = p.grade(word)
                self.assertIs(g.outcome, GradeOutcome.ABOVE)
                self.assertGreater(g.level.index, p._level(word))
                self.assertLessEqual(g.level.index, full.level.index)
                self.assertIsNone(g.difficulty)
                self.assertLess(g.steps, full.steps)
        for word in ("hard", "x", "unreasonable", p.levels[2]):
            self.assertEqual(grade_dict(p.grade(word)), grade_dict(full))

    def test_bad_levels(self):
        p = cdok.load(corpus("keen", "keen_6h_01.keen"))
        k = cdok.load(corpus("killer", "killer_ka_01.solo"))
        with self.assertRaisesRegex(cdok.InvalidError,
                                    r"bad level 't'.*Easy \(e\), Normal "
                                    r"\(n\), Hard \(h\), Extreme \(x\), "
                                    r"Unreasonable \(u\)"):
            p.grade("t")
        with self.assertRaisesRegex(cdok.InvalidError, "Trivial .t."):
            k.explain("hard")
        with self.assertRaisesRegex(cdok.InvalidError,
                                    "Easy is a level of Calcudoku"):
            k.hint(level=cdok.levels()[0])
        with self.assertRaises(TypeError):
            p.grade(2)
        with self.assertRaises(ValueError):
            p.grade(max_nodes=0)
        nylimb = cdok.generate(5, nylimb=True, two_cell=True, seed=4)
        with self.assertRaisesRegex(cdok.InvalidError, "no levels"):
            nylimb.grade("easy")
        # Killer's e is Extreme, Calcudoku's is Easy.
        self.assertEqual(k._level("e"), 4)
        self.assertEqual(p._level("e"), 0)

    def test_grades_in_threads_agree(self):
        puzzles = [cdok.load(p) for p in files("keen", ".keen")[-40:]]
        want = [grade_dict(p.grade()) for p in puzzles]
        got = [None] * len(puzzles)

        def work(k):
            for i in range(k, len(puzzles), 4):
                got[i] = grade_dict(puzzles[i].grade())

        threads = [threading.Thread(target=work, args=(k,))
                   for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(got, want)


class Explaining(unittest.TestCase):
    def test_steps_never_remove_a_solution_value(self):
        for path in graded_corpus():
            with self.subTest(path=os.path.basename(path)):
                p = cdok.load(path)
                ex = p.explain()
                self.assertTrue(ex.solved)
                # A sum of lines (Calcudoku's last level only) takes the
                # place of steps the grading made by trial: the grade is
                # still the grading's, so only then do the counts differ.
                if any(s.technique == "line-sum" for s in ex):
                    self.assertEqual(ex.grade.scale, "calcudoku")
                    self.assertEqual(str(ex.grade.level), "Unreasonable")
                    self.assertIn("guess", ex.grade.techniques)
                else:
                    self.assertEqual(len(ex), ex.grade.steps)
                solution = solution_of(path)
                end = replay(self, p, ex, solution)
                self.assertEqual(end.values, solution)
                self.assertEqual(end.empty, 0)

    def test_every_removal_and_placement_has_a_reason(self):
        for path in files("keen", ".keen")[::20] + files("killer",
                                                         ".solo")[::5]:
            for brief in (False, True):
                with self.subTest(path=os.path.basename(path), brief=brief):
                    for step in cdok.load(path).explain(brief=brief):
                        told = {(r.placed, r.about) for r in step.reasons}
                        want = ({(False, c) for c in step.removed} |
                                {(True, c) for c in step.placed})
                        self.assertEqual(told, want, step.text)
                        for r in step.reasons:
                            self.assertIsInstance(r, cdok.Reason)
                            self.assertTrue(r.text)

    def test_same_steps_as_the_program(self):
        paths = (files("keen", ".keen")[::7] + files("killer", ".solo")[::3])
        for brief in (False, True):
            docs = program_json("explain", *([] if brief else
                                             ["--all-steps"]), *paths)
            self.assertEqual(len(docs), len(paths))
            for path, doc in zip(paths, docs):
                with self.subTest(path=os.path.basename(path), brief=brief):
                    ex = cdok.load(path).explain(brief=brief)
                    self.assertEqual(grade_dict(ex.grade), doc["grade"])
                    self.assertEqual([s.to_dict() for s in ex],
                                     doc["steps"])

    def test_text_as_the_program_prints_it(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        for level in (None, "easy", "normal"):
            for brief in (False, True):
                with self.subTest(level=level, brief=brief):
                    args = (["explain", path] +
                            (["--level", level] if level else []) +
                            ([] if brief else ["--all-steps"]))
                    status, out = program(*args)
                    ex = p.explain(level, brief=brief)
                    self.assertEqual(str(ex), out)
                    self.assertEqual(status, 0 if ex.solved else 10)
                    self.assertEqual(ex.solved, level is None)

    def test_brief_steps_replay_to_the_solution(self):
        for name in ("keen_9h_01.keen", "keen_6h_01.keen",
                     "killer_ka_01.solo"):
            path = corpus("killer" if "killer" in name else "keen", name)
            with self.subTest(path=name):
                p = cdok.load(path)
                full, brief = p.explain(), p.explain(brief=True)
                self.assertLessEqual(len(brief), len(full) / 3)
                self.assertEqual(sum(s.merged for s in brief) <= len(full),
                                 True)
                self.assertTrue(any(s.merged > 1 for s in brief))
                self.assertTrue(any(s.sets_level for s in brief))
                end = replay(self, p, brief, solution_of(path))
                self.assertEqual(end.values, solution_of(path))

    def test_a_level_stops_the_steps(self):
        path = corpus("keen", "keen_9x_01.keen")
        p = cdok.load(path)
        ex = p.explain("hard")
        self.assertFalse(ex.solved)
        self.assertIs(ex.grade.outcome, GradeOutcome.ABOVE)
        self.assertEqual(ex.grade.level.name, "Extreme")
        self.assertTrue(all(s.level.index <= 2 for s in ex))
        # The steps so far are right, and leave cells open.
        end = replay(self, p, ex, solution_of(path))
        self.assertGreater(end.empty, 0)
        self.assertIs(p.hint(end, "hard").outcome, HintOutcome.STUCK)
        self.assertIs(p.hint(end).outcome, HintOutcome.STEP)

    def test_step_objects(self):
        p = cdok.load(corpus("keen", "keen_4n_01.keen"))
        ex = p.explain()
        step = next(s for s in ex if s.placed)
        self.assertEqual(step.technique, "naked-single")
        self.assertEqual(step.title, "Naked single")
        self.assertEqual(step.level.name, "Easy")
        (r, c, v), = step.placed
        self.assertEqual(step.cells, ((r, c),))
        self.assertIn(f"r{r + 1}c{c + 1}", step.text)
        self.assertEqual(str(step), f"Naked single (Easy): {step.text}")
        self.assertEqual(ex[-1], ex.steps[-1])
        self.assertEqual(len(ex[2:5]), 3)

    def test_unsolvable_puzzles_have_no_steps_to_the_end(self):
        ex = cdok.load(corpus("invalid", "nosol_6x6.spec")).explain()
        self.assertIs(ex.grade.outcome, GradeOutcome.IMPOSSIBLE)
        self.assertFalse(ex.solved)
        self.assertIn("no solution", str(ex))


class Hints(unittest.TestCase):
    CHAIN = [corpus("keen", name) for name in (
        "keen_9e_01.keen", "keen_9n_01.keen", "keen_9h_01.keen",
        "keen_9x_01.keen", "keen_9u_01.keen", "keen_4n_01.keen")] + [
        corpus("killer", name) for name in (
            "killer_kt_01.solo", "killer_ka_01.solo", "killer_ke_01.solo",
            "killer_ku_01.solo")]

    def test_chain_from_the_empty_state_reaches_the_solution(self):
        for path in self.CHAIN:
            with self.subTest(path=os.path.basename(path)):
                p = cdok.load(path)
                solution = solution_of(path)
                state = p.state()
                steps = []
                while True:
                    hint = p.hint(state)
                    if hint.outcome is not HintOutcome.STEP:
                        break
                    self.assertEqual(hint.empty, state.empty)
                    steps.append(hint.step)
                    state = hint.apply(state)
                self.assertIs(hint.outcome, HintOutcome.SOLVED, str(hint))
                self.assertEqual(hint.empty, 0)
                self.assertEqual(state.values, solution)
                # Every step was sound.  On Calcudoku the hints are the
                # explanation's steps; a Killer state cannot carry the
                # cages the 45 rule split, so there they may differ.
                replay(self, p, steps, solution)
                # (A hint cannot know whether its step sets the level.)
                if p.scale == "calcudoku":
                    self.assertEqual([s.to_dict() for s in steps],
                                     [{k: v for k, v in s.to_dict().items()
                                       if k != "sets_level"}
                                      for s in p.explain()])
                guesses = sum(s.technique == "guess" for s in steps)
                self.assertEqual(guesses > 0,
                                 p.grade().level.name == "Unreasonable")

    def test_apply_writes_what_the_program_writes(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        state = p.state()
        with tempfile.TemporaryDirectory() as tmp:
            name = os.path.join(tmp, "state.txt")
            for i in range(25):
                with open(name, "w") as f:
                    f.write(str(state))
                _, out = program("hint", "--apply", "--state", name, path)
                hint = p.hint(state)
                state = hint.apply(state)
                with self.subTest(step=i + 1):
                    self.assertEqual(out, f"# {hint}\n{state}")
                    self.assertEqual(cdok.read_state(out, 6), state)
        self.assertTrue(any(m for row in state.candidates for m in row))

    def test_pencil_marks_and_contradictions(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        sol = solution_of(path)
        # Pencil marks that keep the solution's value: a step.
        state = p.state()
        state.candidates[0][0] = {sol[0][0], 1 + sol[0][0] % 6}
        self.assertIs(p.hint(state).outcome, HintOutcome.STEP)
        # Marks that leave it out: the state cannot be finished.
        state.candidates[0][0] = {1 + sol[0][0] % 6}
        h = p.hint(state)
        self.assertIs(h.outcome, HintOutcome.CONTRADICTION)
        self.assertEqual(h.step.cells, ((0, 0),))
        self.assertIsNone(h.step.technique)
        self.assertIsNone(h.step.level)
        self.assertIn("r1c1", h.step.text)
        self.assertTrue(str(h).startswith("This state cannot be finished"))
        # A wrong value (it breaks no rule).
        state = p.state()
        state.values[2][3] = 1 + sol[2][3] % 6
        h = p.hint(state)
        self.assertIs(h.outcome, HintOutcome.CONTRADICTION)
        self.assertEqual(h.step.cells, ((2, 3),))
        # A value twice in a row.
        state = p.state()
        state.values[0][0] = state.values[0][1] = sol[0][0]
        h = p.hint(state)
        self.assertIs(h.outcome, HintOutcome.CONTRADICTION)
        self.assertIn((0, 0), h.step.cells)
        # The contradiction's state is given back unchanged.
        self.assertEqual(h.apply(state), state)
        # A full right grid is solved.
        self.assertIs(p.hint(sol).outcome, HintOutcome.SOLVED)
        self.assertEqual(str(p.hint(sol)), "The puzzle is solved.")

    def test_states_as_text_and_grids(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        sol = solution_of(path)
        text = "# a comment\n" + "\n".join(
            " ".join(str(v) if r < 2 else "." for v in row)
            for r, row in enumerate(sol)) + "\n"
        grid = [row if r < 2 else [None] * 6 for r, row in enumerate(sol)]
        by_text, by_grid = p.hint(text), p.hint(grid)
        self.assertEqual(by_text.step.to_dict(), by_grid.step.to_dict())
        self.assertEqual(by_text.empty, 24)
        self.assertEqual(cdok.read_state(text, 6).values, grid)

    def test_tiers(self):
        p = cdok.load(corpus("keen", "keen_9h_01.keen"))
        h = p.hint()
        self.assertEqual(h.where, "Look at the 15+ cage at r1c1.")
        self.assertEqual(h.what, "Values a cage can use, in the 15+ cage "
                         "at r1c1")
        self.assertEqual(h.focus, ((0, 0), (0, 1)))
        self.assertEqual(h.step.where, h.where)
        d = h.step.to_dict()
        self.assertEqual(d["focus"], [[0, 0], [0, 1]])
        # The tiers are those the program prints and writes.
        for tier, line in (("1", h.where), ("2", f"{h.what} (Easy).")):
            _, out = program("hint", "--tier", tier, corpus(
                "keen", "keen_9h_01.keen"))
            self.assertEqual(out, line + "\n")
        _, out = program("--to", "json", "hint",
                         corpus("keen", "keen_9h_01.keen"))
        self.assertEqual(json.loads(out)["step"], d)

    def test_no_hint_without_one_solution(self):
        amb = cdok.load(corpus("ambiguous", "amb_6x6.spec"))
        h = amb.hint()
        self.assertIs(h.outcome, HintOutcome.AMBIGUOUS)
        self.assertIn("more than one solution", str(h))
        self.assertIs(amb.hint_place().outcome, HintOutcome.AMBIGUOUS)
        self.assertEqual(h.apply(amb.state()), amb.state())
        nosol = cdok.load(corpus("invalid", "nosol_6x6.spec"))
        self.assertIs(nosol.hint().outcome, HintOutcome.IMPOSSIBLE)
        self.assertIn("no solution", str(nosol.hint()))

    def test_stuck_at_a_level(self):
        p = cdok.load(corpus("keen", "keen_9h_01.keen"))
        state = p.state()
        while (h := p.hint(state, "easy")).outcome is HintOutcome.STEP:
            self.assertEqual(h.step.level.name, "Easy")
            state = h.apply(state)
        self.assertIs(h.outcome, HintOutcome.STUCK)
        self.assertIsNone(h.step)
        self.assertEqual(str(h), "No technique up to Easy applies to this "
                         "state.")
        self.assertEqual(h.apply(state), state)
        self.assertIs(p.hint(state).outcome, HintOutcome.STEP)

    def test_bad_states(self):
        p = cdok.load(corpus("keen", "keen_6h_01.keen"))
        with self.assertRaisesRegex(cdok.InvalidError, "outside 1..6"):
            p.hint([[7] + [None] * 5] + [[None] * 6] * 5)
        with self.assertRaisesRegex(cdok.InvalidError, "is 4 x 4"):
            p.hint(State(4))
        with self.assertRaisesRegex(cdok.InvalidError, "5 rows"):
            p.hint([[None] * 6] * 5)
        state = p.state()
        state.candidates[1][2] = set()
        with self.assertRaisesRegex(cdok.InvalidError,
                                    r"candidates\[1\]\[2\] is empty"):
            p.hint(state)
        state.candidates[1][2] = {3, 9}
        with self.assertRaisesRegex(cdok.InvalidError,
                                    "pencil mark 9 is outside 1..6"):
            p.hint(state)
        state.candidates[1][2] = {"3"}
        with self.assertRaises(TypeError):
            p.hint(state)
        with self.assertRaises(TypeError):
            p.hint(12)
        with self.assertRaises(cdok.ParseError) as caught:
            p.hint(". . . . . .\n. . {12 . . .\n")
        self.assertEqual(caught.exception.line, 2)
        self.assertEqual(caught.exception.column, 8)
        nylimb = cdok.generate(5, nylimb=True, two_cell=True, seed=4)
        with self.assertRaisesRegex(cdok.UnsupportedError, "Nylimb"):
            nylimb.hint()
        with self.assertRaisesRegex(cdok.UnsupportedError, "Nylimb"):
            nylimb.state()
        with self.assertRaisesRegex(cdok.UnsupportedError, "Nylimb"):
            nylimb.hint([[None] * 5] * 5)


class States(unittest.TestCase):
    def test_text_round_trip(self):
        text = "3 . {24} 1\n. {123} 4 .\n. . . .\n2 . . .\n"
        s = cdok.read_state(text, 4)
        self.assertEqual(s.values, [[3, None, None, 1], [None, None, 4, None],
                                    [None] * 4, [2, None, None, None]])
        self.assertEqual(str(s), text)
        self.assertEqual(s.candidates[0][2], frozenset({2, 4}))
        self.assertIsNone(s.candidates[0][1])
        self.assertEqual(s.empty, 12)
        self.assertEqual(cdok.read_state("3.{24}1\n.{123}4.\n....\n2...\n",
                                         4), s)
        big = State(12)
        big.candidates[0][0] = {2, 11}
        self.assertTrue(str(big).startswith("{2,11} . "))
        self.assertEqual(cdok.read_state(str(big), 12), big)
        self.assertEqual(cdok.read_state("# only a comment\n", 3), State(3))

    def test_values_and_copies(self):
        s = State(3, [[1, 0, None], [0] * 3, [None, 2, 3]],
                  [[None, {2, 3}, [2]], [None] * 3, [None] * 3])
        self.assertEqual(s.values[0], [1, None, None])
        self.assertEqual(s.candidates[0][1], frozenset({2, 3}))
        c = s.copy()
        c.values[0][0] = 2
        self.assertEqual(s.values[0][0], 1)
        self.assertNotEqual(c, s)
        self.assertIn("3x3, 6 empty", repr(s))
        with self.assertRaises(TypeError):
            hash(s)

    def test_bad_text(self):
        cases = [("1 2\n2\n", "row 2 has 1 cells"),
                 ("1 7\n. .\n", "outside 1..2"),
                 ("{}.\n..\n", "empty pencil marks"),
                 ("..\n..\n..\n", "more than 2 rows")]
        for text, message in cases:
            with self.subTest(text=text):
                with self.assertRaisesRegex(cdok.ParseError, message) as c:
                    cdok.read_state(text, 2)
                self.assertIsNotNone(c.exception.line)
        with self.assertRaises(cdok.InvalidError):
            cdok.read_state("", 0)
        with self.assertRaises(TypeError):
            cdok.read_state(None, 3)
        with self.assertRaises(cdok.InvalidError):
            State(64)


class Mistakes(unittest.TestCase):
    def test_one_wrong_value_among_blanks(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        sol = solution_of(path)
        grid = [[None] * 6 for _ in range(6)]
        grid[0] = list(sol[0])
        grid[3][3] = 1 + sol[3][3] % 6
        found = p.mistakes(grid)
        self.assertTrue(found.unique)
        self.assertEqual(found.empty, 29)
        self.assertEqual([(m.kind, m.cells, m.value) for m in found],
                         [("wrong", ((3, 3),), grid[3][3])])
        self.assertIn("r4c4", str(found[0]))
        grid[3][3] = sol[3][3]
        right = p.mistakes(grid)
        self.assertFalse(right)
        self.assertEqual(len(right), 0)
        # The program's check says the same of the same grid as text.
        grid[3][3] = 1 + sol[3][3] % 6
        text = "\n".join(" ".join("." if v is None else str(v) for v in row)
                         for row in grid) + "\n"
        self.assertEqual(len(p.mistakes(text)), 1)
        with tempfile.TemporaryDirectory() as tmp:
            name = os.path.join(tmp, "grid.txt")
            with open(name, "w") as f:
                f.write(text)
            status, out = program("check", path, name, check=False)
        self.assertEqual(status, 7)
        self.assertEqual(out.splitlines()[1:], [str(m) for m in found])

    def test_states_hint_apply_writes(self):
        """mistakes() reads what ``cdok hint --apply`` writes (a '#'
        line, pencil marks, and without them with --place), agrees with
        ``cdok check`` on it, and finds pencil marks that leave out the
        solution's value, by their cell, as hint() does."""
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        sol = solution_of(path)
        with tempfile.TemporaryDirectory() as tmp:
            name = os.path.join(tmp, "state.txt")
            open(name, "w").close()
            for _ in range(12):
                _, out = program("hint", "--apply", "--state", name, path)
                with open(name, "w") as f:
                    f.write(out)
            self.assertTrue(out.startswith("# ") and "{" in out)
            found = p.mistakes(out)
            self.assertFalse(found)
            status, said = program("check", path, name, check=False)
            self.assertEqual((status, said.splitlines()[0]),
                             (0, "No mistakes so far; "
                              f"{found.empty} cells are still empty."))
            # Take the solution's value out of the first cell with
            # several marks.
            state = cdok.read_state(out, 6)
            cell = next((r, c) for r in range(6) for c in range(6)
                        if state.candidates[r][c] is not None
                        and len(state.candidates[r][c]) > 1)
            r, c = cell
            state.candidates[r][c] = state.candidates[r][c] - {sol[r][c]}
            for grid in (state, str(state)):
                found = p.mistakes(grid)
                self.assertEqual([(m.kind, m.cells, m.value) for m in found],
                                 [("marks", (cell,), None)])
            self.assertEqual(p.hint(state).outcome,
                             HintOutcome.CONTRADICTION)
            with open(name, "w") as f:
                f.write(str(state))
            status, said = program("check", path, name, check=False)
            self.assertEqual(status, 7)
            self.assertEqual(said.splitlines()[1:], [str(m) for m in found])
            # Values only (--place): read as a state all the same.
            _, out = program("hint", "--place", "--apply", path)
            self.assertFalse(p.mistakes(out))

    def test_rules_only_when_not_unique(self):
        p = cdok.load(corpus("ambiguous", "amb_6x6.spec"))
        sol = read_grid_file(corpus("ambiguous", "amb_6x6.sol"))
        grid = [[None] * 6 for _ in range(6)]
        grid[0][0] = grid[0][1] = sol[0][0]
        found = p.mistakes(grid)
        self.assertFalse(found.unique)
        self.assertEqual([m.kind for m in found], ["row"])
        state = State(6, grid)
        self.assertEqual(len(p.mistakes(state)), 1)


class Generating(unittest.TestCase):
    def test_each_level_and_the_program(self):
        cases = [(6, False, "easy", 3), (6, False, "n", 4),
                 (6, False, "Hard", 5), (6, False, "x", 6),
                 (6, False, "unreasonable", 7), (9, True, "t", 3),
                 (9, True, "intermediate", 4), (9, True, "a", 5)]
        for size, killer, level, seed in cases:
            with self.subTest(size=size, killer=killer, level=level):
                p = cdok.generate(size, seed=seed, killer=killer,
                                  level=level, two_cell=not killer)
                g = p.grade()
                self.assertIs(g.outcome, GradeOutcome.LEVEL)
                self.assertEqual(g.level.index, p._level(level))
                args = ["-s", str(size), "--seed", str(seed), "--level",
                        level, "--to", "spec", "generate"]
                args = (["--killer"] if killer else ["-T"]) + args
                _, out = program(*args)
                self.assertEqual(out, str(p))

    def test_difficulty_is_the_grades(self):
        # -m bounds the grade's difficulty, as the program's does.
        p = cdok.generate(6, seed=11, max_difficulty=25000)
        self.assertLessEqual(p.grade().difficulty, 25000)
        _, out = program("-s", "6", "--seed", "11", "-m", "25000", "--to",
                         "spec", "generate")
        self.assertEqual(out, str(p))

    def test_refused(self):
        with self.assertRaisesRegex(cdok.InvalidError,
                                    "no Hard puzzles of size 3 x 3: Normal"):
            cdok.generate(3, level="hard")
        with self.assertRaisesRegex(cdok.InvalidError, "Trivial"):
            cdok.generate(4, killer=True, level="basic")
        with self.assertRaisesRegex(cdok.InvalidError, "bad level 'i'"):
            cdok.generate(6, level="i")
        with self.assertRaisesRegex(cdok.InvalidError, "no levels"):
            cdok.generate(5, nylimb=True, level="easy")
        with self.assertRaisesRegex(ValueError, "give one of them"):
            cdok.generate(6, level="hard", target_difficulty=30000)
        with self.assertRaises(TypeError):
            cdok.generate(6, level=2)
        self.assertEqual(cdok.generate(3, level="n", seed=1).grade().level
                         .name, "Normal")


class Readme(unittest.TestCase):
    def test_example_runs_as_shown(self):
        readme = os.path.join(REPO, "python", "README.md")
        with open(readme) as f:
            block = f.read().split("```python\n", 1)[1].split("```", 1)[0]
        # What each print shows is the comment after it (or on the
        # next line).
        want = []
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("print("):
                comment = line.partition("# ")[2] or \
                    lines[i + 1].lstrip("# ")
                want.append(comment)
        out = io.StringIO()
        cwd = os.getcwd()
        os.chdir(REPO)
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(block, readme, "exec"), {})
        finally:
            os.chdir(cwd)
        self.assertEqual(out.getvalue().splitlines(), want)


def c_heap_in_use():
    """Bytes malloc has handed out and not had back (glibc), or None."""
    class Mallinfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
            "fsmblks", "uordblks", "fordblks", "keepcost")]
    try:
        f = ctypes.CDLL(None).mallinfo2
    except AttributeError:
        return None
    f.restype = Mallinfo2
    info = f()
    return info.uordblks + info.hblkhd


SHARED = (None, True, False)


class NoLeaks(unittest.TestCase):
    def workload(self, p, solution):
        g = p.grade()
        str(g), repr(g)
        p.grade("easy")
        ex = p.explain()
        str(ex)
        state = p.state()
        for step in ex[:20]:
            state = step.apply(state)
            step.to_dict()
        h = p.hint(state)
        str(h)
        state.candidates[0][0] = {solution[0][0] % p.size + 1}
        p.hint(state)
        cdok.read_state(str(state), p.size)
        p.mistakes([[v if r else None for v in row]
                    for r, row in enumerate(solution)])
        try:
            p.hint([[99] * p.size] * p.size)
        except cdok.InvalidError:
            pass
        try:
            cdok.read_state("{", p.size)
        except cdok.ParseError:
            pass

    def run_loops(self, p, solution, times):
        for _ in range(times):
            self.workload(p, solution)
        gc.collect()

    def test_loops_do_not_grow(self):
        path = corpus("keen", "keen_6h_01.keen")
        p = cdok.load(path)
        solution = solution_of(path)
        self.run_loops(p, solution, 30)
        refs = sys.getrefcount(p), sys.getrefcount(p._model)
        shared = [sys.getrefcount(x) for x in SHARED]
        # The C heap first (tracemalloc's own tables live there too).
        heap = c_heap_in_use()
        self.run_loops(p, solution, 300)
        if heap is not None:
            self.assertLess(c_heap_in_use() - heap, 16384)
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        self.run_loops(p, solution, 300)
        python_growth = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        # One object or buffer kept per call would be 300 of them.
        self.assertLess(python_growth, 16384)
        self.assertEqual((sys.getrefcount(p), sys.getrefcount(p._model)),
                         refs)
        # A reference to None, True or False kept per call costs no
        # memory but shows in their counts (600 calls since).
        for x, before in zip(SHARED, shared):
            self.assertLess(abs(sys.getrefcount(x) - before), 100, x)

if __name__ == "__main__":
    unittest.main()
