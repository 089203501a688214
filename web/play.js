// play.js -- changing the state of play (digits, pencil marks, undo and
// redo), and the library's judgements on it: Check, Hint and a cage's
// combinations.

// ---- changing the state ----

function snapshot() {
  return { values: game.values.slice(), marks: game.marks.slice() };
}

// Make a change as one undoable step.
function change(fn) {
  if (game.explain || !game.doc) return;
  const before = snapshot();
  fn();
  if (before.values.every((v, i) => v === game.values[i]) && before.marks.every((m, i) => m === game.marks[i]))
    return;
  game.undo.push(before);
  game.redo = [];
  afterChange();
}

function afterChange() {
  game.hint = null;
  game.highlight.clear();
  game.invalid.forEach((i) => { if (!game.values[i]) game.invalid.delete(i); });
  updateConflicts();
  refresh();
  checkSolved();
  save();
}

function enter(v) {
  const i = game.cur;
  if (game.doc.puzzle.givens[i] > 0 || game.solved) return;
  if (v > game.n) return;
  change(() => {
    if (v === 0) {
      if (game.values[i]) game.values[i] = 0;
      else game.marks[i] = 0;
    } else if (game.pencil && !game.values[i]) {
      game.marks[i] ^= 1 << v;
    } else if (!game.pencil) {
      // Typing the digit a cell holds keeps it (Backspace clears).
      game.values[i] = v;
      if ($("opt-clear-marks").checked || $("opt-candidates").checked)
        for (const j of peers(i)) game.marks[j] &= ~(1 << v);
    }
    game.invalid.delete(i);
  });
}

function undo() {
  if (!game.undo.length || game.explain) return;
  game.redo.push(snapshot());
  Object.assign(game, game.undo.pop());
  afterChange();
}

function redo() {
  if (!game.redo.length || game.explain) return;
  game.undo.push(snapshot());
  Object.assign(game, game.redo.pop());
  afterChange();
}

// Broken rules, as the library's mistake finder lists them (without
// the solution's verdict, which only Check tells).
function updateConflicts() {
  game.conflicts.clear();
  if (!$("opt-conflicts").checked || !game.doc) return;
  const r = engine.check(game.doc.spec, game.doc.solution, game.values);
  if (!r.ok) return;
  for (const p of r.problems) if (p.kind !== "wrong") p.cells.forEach((c) => game.conflicts.add(c));
}

function checkSolved() {
  const sol = game.doc.solution;
  if (game.solved || !sol || !game.values.every((v, i) => v === sol[i])) return;
  clockStop();
  game.solved = true;
  save();
  say(`Solved! Your time: ${clockText(game.elapsed)}.`);
  setActions([["New puzzle", openNewDialog]]);
}

// The cells that see cell i (game.peers, from peerLists).
function peers(i) {
  return game.peers[i];
}

// Every cell's peers: the library's, by the grid alone (its row, column,
// box and, in a Killer X, diagonals: cw_peers), and in a cage whose
// values must differ, its cage.  Asked once a puzzle.
function peerLists(doc) {
  const n = doc.puzzle.size, d = engine.peers(doc.spec);
  const sets = Array.from({ length: n * n }, (_, i) => new Set(d.ok ? d.peers[i] : []));
  for (const k of doc.puzzle.cages)
    if (k.distinct) for (const c of k.cells) for (const o of k.cells) if (o !== c) sets[c].add(o);
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

// Pencil in every value that the filled cells leave (the option "Fill in
// candidates"); switched off, the marks are cleared.  While it is on, a
// value entered is taken out of the marks of the cells that see it.
function fillCandidates(on) {
  const n = game.n;
  const all = ((1 << (n + 1)) - 1) & ~1;
  change(() => {
    for (let i = 0; i < n * n; i++) {
      if (game.values[i]) continue;
      let m = all;
      if (on) for (const j of peers(i)) if (game.values[j]) m &= ~(1 << game.values[j]);
      game.marks[i] = on ? m : 0;
    }
  });
}

// ---- Check: the library's mistake finder ----

// Values and pencil marks, judged as `cdok check` and Hint judge them.
function mistakes(values, marks) {
  const r = engine.check(game.doc.spec, game.doc.solution, values, marks);
  return r.ok ? r.problems : [];
}

function check() {
  if (!game.doc || game.explain) return;
  if (game.doc.verdict !== "unique") {
    say("Check needs a puzzle with exactly one solution.");
    return;
  }
  const problems = mistakes(game.values, game.marks);
  markMistakes(problems);
  if (!problems.length) {
    say("Correct so far: no mistakes.");
    setActions([]);
    return;
  }
  const wrong = problems.filter((p) => p.kind === "wrong").length;
  const sentences = problems.filter((p) => p.kind !== "wrong").map((p) => p.text);
  say(`${game.invalid.size} ${game.invalid.size === 1 ? "cell is" : "cells are"} marked wrong` +
      (wrong ? ` (${wrong} ${wrong === 1 ? "value differs" : "values differ"} from the solution)` : "") +
      (sentences.length ? ": " + sentences.join("; ") : "") + ".");
  setActions([["Back to the last state without mistakes", revertMistakes]]);
}

// The cells at fault: a wrong value's cell, or an empty cell whose
// marks leave out its value.
function markMistakes(problems) {
  game.invalid.clear();
  problems.forEach((p) => p.cells.forEach((c) => { if (game.values[c] || p.kind === "marks") game.invalid.add(c); }));
  refresh();
}

function revertMistakes() {
  // The newest earlier state that the mistake finder passes.
  for (let k = game.undo.length - 1; k >= 0; k--) {
    if (!mistakes(game.undo[k].values, game.undo[k].marks).length) {
      const target = game.undo[k];
      change(() => {
        game.values = target.values.slice();
        game.marks = target.marks.slice();
      });
      game.invalid.clear();
      refresh();
      say("Back to the last state without mistakes.");
      setActions([]);
      return;
    }
  }
  // None (a game restored with them, say): clear the cells at fault, so
  // that a hint never leaves the player stuck.
  const bad = new Set(mistakes(game.values, game.marks).flatMap((p) => p.cells));
  change(() => {
    for (const c of bad) {
      if (game.doc.puzzle.givens[c] > 0) continue;
      game.values[c] = 0;
      game.marks[c] = 0;
    }
  });
  game.invalid.clear();
  refresh();
  say("No earlier state was free of mistakes: the cells at fault are cleared (Undo brings them back).");
  setActions([]);
}

// ---- Hint, in three presses ----

// Hint: first the judgement Check gives (a mistake is shown as Check
// shows it, with the way back); on a grid without pencil marks, the
// first hint pencils in what every cage allows; then the library's
// place hints, each leading to a digit, in three presses (where, what,
// the reasoning), the third selecting the cell so that typing the digit
// (or Apply) writes it.
function hint() {
  if (!game.doc || game.explain) return;
  if (game.doc.verdict !== "unique") {
    say("Hints need a puzzle with exactly one solution.");
    return;
  }
  if (game.solved) {
    say("The puzzle is solved.");
    return;
  }
  if (!game.hint) {
    const problems = mistakes(game.values, game.marks);
    if (problems.length) {
      markMistakes(problems);
      game.highlight = new Set(game.invalid);
      refresh();
      say(`There is a mistake in the grid: ${problems.map((p) => p.text).join("; ")}.`);
      setActions([["Back to the last state without mistakes", revertMistakes]]);
      return;
    }
    const p = game.doc.puzzle;
    if (p.cages.length && !game.marks.some((m) => m) && game.values.some((v) => !v)) {
      const d = engine.cageMarks(game.doc.spec, game.values);
      if (d.ok) {
        change(() => { game.marks = d.candidates.slice(); });
        say("Hint: every cell now has the values its cage allows pencilled in. " +
            "Undo takes them out; Hint again leads to a digit.");
        setActions([]);
        return;
      }
    }
    const doc = engine.hint(game.doc.spec, game.doc.solution, game.values, game.marks, true);
    if (!doc.ok) {
      say(doc.error);
      return;
    }
    game.hint = { doc, tier: 0 };
  }
  const h = game.hint, d = h.doc;
  game.highlight = new Set(d.focus || []);
  setActions([]);
  if (d.outcome === "solved") {
    say("The puzzle is solved.");
  } else if (d.outcome === "contradiction") {
    say(`There is a mistake in the grid: ${d.text}.`);
    setActions([["Back to the last state without mistakes", revertMistakes]]);
  } else if (d.outcome === "stuck") {
    say("No technique leads to a digit from here: Check, or Explain shows the whole solution.");
  } else if (d.outcome !== "step") {
    say(d.text || `No hint: ${d.outcome}.`);
  } else {
    h.tier = Math.min(h.tier + 1, 3);
    const placed = d.placed[0];
    if (h.tier === 1) say(`Hint: ${d.where}`);
    else if (h.tier === 2) {
      for (const c of d.cells) game.highlight.add(c);
      say(`Hint: ${d.what} (${d.level}).`);
    } else {
      for (const c of d.cells) game.highlight.add(c);
      if (placed) game.cur = placed[0];
      say(`Hint (${d.level}): ${d.text}`);
      setActions([["Apply the step", applyHint]]);
    }
  }
  refresh();
}

function applyHint() {
  const d = game.hint && game.hint.doc;
  if (!d || d.outcome !== "step") return;
  change(() => {
    for (const [c, v] of d.placed) {
      game.values[c] = v;
      if ($("opt-clear-marks").checked || $("opt-candidates").checked)
        for (const j of peers(c)) game.marks[j] &= ~(1 << v);
    }
    for (const [c, v] of d.removed) if (!game.values[c] && game.marks[c]) game.marks[c] &= ~(1 << v);
  });
  if (d.placed.length) game.cur = d.placed[0][0];
  if (!game.solved) say(`Applied: ${d.text}`);
  refresh();
  setActions(game.solved ? [["New puzzle", openNewDialog]] : []);
}

// ---- the combinations of the selected cell's cage ----

function combos() {
  if (!game.doc || game.explain) return;
  const d = engine.combos(game.doc.spec, game.cur);
  if (!d.ok) {
    say(`${cellName(game.cur)}: ${d.error}.`);
    return;
  }
  const clue = $("grid").querySelector(`[data-cell="${d.cells[0]}"]`).dataset.clue;
  game.highlight = new Set(d.cells);
  refresh();
  const list = d.combos.map((c) => c.map(valueName).join(" "));
  say(`The ${clue} cage at ${cellName(d.cells[0])} (${d.cells.length} cells) can hold ` +
      (list.length ? list.join(", or ") : "no values at all") +
      (d.complete ? "." : " (and more: too many ways to list them all)."));
}
