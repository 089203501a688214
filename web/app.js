// app.js -- the page: a grid to play on, over the library's calls
// (engine.js).  Everything the page knows of a puzzle comes from the
// library: the model, the solution, the level, broken rules, mistakes,
// hints and explanations.  The page keeps only the state of play.

const $ = (id) => document.getElementById(id);
// Values 10, 11 and 12 are typed as 0, a and b.
const VALUE_KEYS = { 0: 10, a: 11, b: 12 };
const valueName = (v) => String(v);

let engine = null;
const generator = new CdokGenerator();
// The generation asked for last: an earlier one's answer (or its
// cancellation) arrives too late to matter, and so does any once a
// puzzle has been opened.
let genToken = 0;

// The game: the puzzle document from the library and the state of play.
const game = {
  doc: null,        // cw_read's or cw_generate's document
  n: 0,
  source: null,     // { hash: "p=..." or "size=..&seed=..", label }
  values: [],       // 0: empty
  marks: [],        // pencil marks: bit v for value v
  undo: [],
  redo: [],
  cur: 0,           // the selected cell
  pencil: false,
  elapsed: 0,       // ms played before `since`
  since: null,      // when the clock last started, or null
  solved: false,
  invalid: new Set(),
  conflicts: new Set(),
  highlight: new Set(),
  hint: null,       // { doc, tier }
  explain: null,    // { doc, index }
};

// ---- status, actions ----

function say(text) {
  $("status").textContent = text;
}

function setActions(list) {
  const box = $("actions");
  box.replaceChildren();
  for (const [label, fn] of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", fn);
    box.append(b);
  }
}

function where(e) {
  return e.line ? `line ${e.line}, column ${e.column}: ${e.error}` : e.error;
}

const cellName = (c) => `r${Math.floor(c / game.n) + 1}c${(c % game.n) + 1}`;

// ---- the clock: it runs while the page is visible and the puzzle open ----

function clockMs() {
  return game.elapsed + (game.since !== null ? performance.now() - game.since : 0);
}
function clockStop() {
  game.elapsed = clockMs();
  game.since = null;
}
function clockStart() {
  if (game.since === null && !game.solved && !document.hidden && game.doc)
    game.since = performance.now();
}
function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}
setInterval(() => { $("timer").textContent = clockText(clockMs()); }, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    clockStop();
    save();
  } else {
    clockStart();
  }
});

// ---- storage: progress per puzzle, keyed by its spec ----

function hashText(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
const storeKey = () => "cdok:game:" + hashText(game.doc.spec);

function save() {
  if (!game.doc) return;
  try {
    const open = game.values.filter((v, i) => !v && game.doc.puzzle.givens[i] <= 0).length;
    localStorage.setItem(storeKey(), JSON.stringify({
      values: game.values, marks: game.marks, elapsed: clockMs(),
      solved: game.solved, saved: Date.now(),
      hash: game.source.hash, label: describe(game.doc), open,
    }));
  } catch (e) {
    // Storage full or refused (a private window): play goes on unsaved.
  }
}

function restore() {
  let s = null;
  try {
    s = JSON.parse(localStorage.getItem(storeKey()) || "null");
  } catch (e) {
    s = null;
  }
  const nn = game.n * game.n;
  if (!s || !Array.isArray(s.values) || s.values.length !== nn) return false;
  game.values = s.values.map((v) => v | 0);
  game.marks = Array.isArray(s.marks) && s.marks.length === nn ? s.marks.map((v) => v | 0) : new Array(nn).fill(0);
  game.elapsed = +s.elapsed || 0;
  game.solved = !!s.solved;
  return game.values.some((v, i) => v && game.doc.puzzle.givens[i] < 0) || game.marks.some((m) => m);
}

// ---- starting a puzzle ----

function kindName(p) {
  if (p.boxRows > 0 && !p.cages.length) return "Sudoku";
  if (p.scale === "killer" || p.boxRows > 0) return p.diagonals ? "Killer X" : "Killer Sudoku";
  return p.cages.some((k) => k.op === "?") ? "Calcudoku, hidden operators" : "Calcudoku";
}

function describe(doc) {
  const p = doc.puzzle;
  const kind = kindName(p);
  const parts = [`${p.size} × ${p.size} ${kind}`];
  if (doc.level) parts.push(doc.level);
  if (doc.seed) parts.push(`seed ${doc.seed}`);
  else if (doc.id) parts.push(`ID ${doc.id.length > 24 ? doc.id.slice(0, 23) + "…" : doc.id}`);
  return parts.join(" · ");
}

// progress: values from a shared link (shareCode), or undefined.
function startPuzzle(doc, source, progress) {
  // A puzzle opened while another was being made wins over it.
  genToken++;
  generator.cancel();
  document.body.classList.remove("busy");
  if (game.doc) {
    clockStop();
    save();
  }
  closeExplain();
  const n = doc.puzzle.size;
  game.doc = doc;
  game.n = n;
  game.source = source;
  game.values = doc.puzzle.givens.map((g) => (g > 0 ? g : 0));
  game.marks = new Array(n * n).fill(0);
  game.undo = [];
  game.redo = [];
  game.cur = 0;
  game.elapsed = 0;
  game.since = null;
  game.solved = false;
  game.invalid.clear();
  game.highlight.clear();
  game.hint = null;
  let restored = restore();
  if (progress) {
    const v = fromShareCode(progress, n);
    if (v) {
      game.values = v.map((x, i) => (doc.puzzle.givens[i] > 0 ? doc.puzzle.givens[i] : x));
      game.marks = new Array(n * n).fill(0);
      game.solved = false;
      restored = "link";
    }
  }
  $("info").textContent = describe(doc);
  document.title = `cdok: ${describe(doc)}`;
  history.replaceState(null, "", "#" + source.hash);
  try {
    localStorage.setItem("cdok:last", source.hash);
  } catch (e) { /* not kept: the page opens a new puzzle next time */ }
  buildGrid();
  buildKeypad();
  $("btn-combos").hidden = !doc.puzzle.cages.length;
  setActions([]);
  if (doc.verdict !== "unique") {
    say(doc.verdict === "none"
      ? `This puzzle has no solution${doc.reason ? ": " + doc.reason : ""}. You can still fill it in.`
      : "This puzzle has more than one solution: Check, Hint and Explain need a puzzle with exactly one.");
  } else if (game.solved) {
    say(`Solved in ${clockText(game.elapsed)}. Start over from Options to play it again.`);
  } else if (restored === "link") {
    say("The link's progress is on the grid.");
  } else if (restored) {
    say("Your progress on this puzzle was restored.");
  } else {
    say(`New puzzle: ${describe(doc)}.`);
  }
  if ($("opt-candidates").checked) fillCandidates(false);
  updateConflicts();
  refresh();
  clockStart();
  $("timer").textContent = clockText(clockMs());
  focusCell();
}

// Start over: asked first, and one undoable change (Undo brings the
// grid back).
function restart() {
  if (!game.doc) return;
  confirmThen("Start over?", "Every digit and pencil mark you wrote is cleared. Undo brings them back.",
    "Start over", () => {
      game.solved = false;
      change(() => {
        game.values = game.doc.puzzle.givens.map((g) => (g > 0 ? g : 0));
        game.marks = new Array(game.n * game.n).fill(0);
      });
      game.invalid.clear();
      refresh();
      clockStart();
      say("Started over. Undo brings your grid back.");
      setActions([["Undo", undo]]);
    });
}

// A question in a dialog: fn runs when the person answers yes.
function confirmThen(title, text, yes, fn) {
  const d = $("confirm-dialog");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("btn-confirm-yes").textContent = yes;
  d.returnValue = "";
  d.onclose = () => {
    d.onclose = null;
    if (d.returnValue === "yes") fn();
    focusCell();
  };
  d.showModal();
  $("btn-confirm-yes").focus();
}

function openText(text, hash, progress) {
  const doc = engine.read(text);
  if (!doc.ok) return doc;
  startPuzzle(doc, { hash: hash || "p=" + encodeURIComponent(doc.id || doc.spec) }, progress);
  return doc;
}

// ---- the grid ----

function cageOf() {
  const of = new Array(game.n * game.n).fill(-1);
  game.doc.puzzle.cages.forEach((k, i) => k.cells.forEach((c) => { of[c] = i; }));
  return of;
}

function clueText(cage, killer) {
  if (killer) return String(cage.target);
  if (cage.cells.length === 1 || cage.op === "?") return String(cage.target);
  const op = { "+": "+", "-": "−", "*": "×", "/": "÷" }[cage.op];
  return `${cage.target}${op}`;
}

// A Killer's cage may come in parts: the first cell (reading order) of
// each part, when there are several, shows the clue with a star and the
// cage's tag (A for the first such cage, B, ...), so that "14*A" in
// several places reads as one cage (as cdok print draws it).  Returns a
// map from those cells to their tag.
function partHeads(of, n) {
  const seen = new Array(n * n).fill(false), parts = new Map(), heads = new Map();
  for (let i = 0; i < n * n; i++) {
    if (of[i] < 0 || seen[i]) continue;
    parts.set(of[i], (parts.get(of[i]) || []).concat([i]));
    const stack = [i];
    seen[i] = true;
    while (stack.length) {
      const j = stack.pop(), r = Math.floor(j / n), c = j % n;
      for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        const k = rr * n + cc;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n || seen[k] || of[k] !== of[i]) continue;
        seen[k] = true;
        stack.push(k);
      }
    }
  }
  // Tags in cage order, as cdok's drawings give them.
  let tag = 0;
  [...parts.keys()].sort((a, b) => a - b).forEach((k) => {
    const list = parts.get(k);
    if (list.length < 2) return;
    const name = tagName(tag++);
    list.forEach((h) => heads.set(h, name));
  });
  return heads;
}

// The tag-th label: A..Z, a..z, then AA.. (cdok's label order).
function tagName(i) {
  const L = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let len = 1, span = 52, s = "";
  while (i >= span) { i -= span; span *= 52; len++; }
  for (let k = 0; k < len; k++) { s = L[i % 52] + s; i = Math.floor(i / 52); }
  return s;
}

function buildGrid() {
  const p = game.doc.puzzle, n = p.size, grid = $("grid");
  const killer = p.boxRows > 0;
  const of = cageOf(), heads = partHeads(of, n);
  grid.replaceChildren();
  grid.style.setProperty("--n", n);
  grid.style.setProperty("--mc", Math.ceil(Math.sqrt(n)));
  grid.style.setProperty("--mr", Math.ceil(n / Math.ceil(Math.sqrt(n))));
  grid.classList.toggle("killer", killer);
  $("board").style.setProperty("--n", n);
  // Row and column labels, so that "r7c5" in a hint can be found.
  $("col-labels").replaceChildren(...Array.from({ length: n }, (_, c) => {
    const e = document.createElement("span");
    e.textContent = `c${c + 1}`;
    return e;
  }));
  $("row-labels").replaceChildren(...Array.from({ length: n }, (_, r) => {
    const e = document.createElement("span");
    e.textContent = `r${r + 1}`;
    return e;
  }));
  // What a screen reader hears of each cell's cage (or box).
  game.where = Array.from({ length: n * n }, (_, i) => {
    const k = of[i];
    if (k >= 0) {
      const cage = p.cages[k];
      return `in the ${clueText(cage, killer)} cage at ${cellName(cage.cells[0])}, ` +
        `${cage.cells.length} ${cage.cells.length === 1 ? "cell" : "cells"}`;
    }
    if (p.boxes[i] >= 0) return `box ${p.boxes[i] + 1}`;
    return "in no cage";
  });
  game.of = of;
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      cell.tabIndex = -1;
      cell.dataset.cell = i;
      // Thick lines: cage edges in Calcudoku, box edges in Killer
      // (whose cages are dashed outlines inside the cells).
      const edge = (rr, cc) => rr < 0 || cc < 0 || rr >= n || cc >= n ||
        (killer ? p.boxes[rr * n + cc] !== p.boxes[i] : of[rr * n + cc] !== of[i]);
      if (edge(r - 1, c)) cell.classList.add("bt");
      if (edge(r, c - 1)) cell.classList.add("bl");
      if (r === n - 1 || edge(r + 1, c)) cell.classList.add("bb");
      if (c === n - 1 || edge(r, c + 1)) cell.classList.add("br");
      // Killer X: the diagonals' cells are tinted.
      if (p.diagonals && (r === c || r + c === n - 1)) cell.classList.add("diag");
      // A cell in no cage has no outline.
      if (killer && of[i] >= 0) {
        const out = document.createElement("span");
        out.className = "cage";
        const other = (rr, cc) => rr < 0 || cc < 0 || rr >= n || cc >= n || of[rr * n + cc] !== of[i];
        if (other(r - 1, c)) out.classList.add("ct");
        if (other(r + 1, c)) out.classList.add("cb");
        if (other(r, c - 1)) out.classList.add("cl");
        if (other(r, c + 1)) out.classList.add("cr");
        cell.append(out);
        // An inner corner of the cage: the cell's two neighbours towards
        // it are in the cage and the diagonal one is not, so the outline
        // turns inside this cell, where neither side above reaches.
        for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
          if (other(r + dr, c) || other(r, c + dc) || !other(r + dr, c + dc)) continue;
          const turn = document.createElement("span");
          turn.className = `cage-turn ${dr < 0 ? "tu" : "td"} ${dc < 0 ? "tl" : "tr"}`;
          cell.append(turn);
        }
      }
      const k = of[i];
      if (k >= 0 && (p.cages[k].cells[0] === i || heads.has(i))) {
        const clue = document.createElement("span");
        clue.className = "clue";
        clue.textContent = clueText(p.cages[k], killer) + (heads.has(i) ? `*${heads.get(i)}` : "");
        cell.append(clue);
        cell.dataset.clue = clue.textContent;
        cell.classList.add("has-clue");
      }
      if (p.givens[i] > 0) cell.classList.add("given");
      const val = document.createElement("span");
      val.className = "value";
      const marks = document.createElement("span");
      marks.className = "marks";
      // One place per value, as on paper: a mark never moves.
      for (let v = 1; v <= n; v++) marks.append(document.createElement("span"));
      cell.append(val, marks);
      cell.addEventListener("click", () => select(i, true));
      row.append(cell);
    }
    grid.append(row);
  }
}

function buildKeypad() {
  const pad = $("keypad"), n = game.n;
  pad.replaceChildren();
  for (let v = 1; v <= n; v++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = valueName(v);
    b.setAttribute("aria-label", `Enter ${v}`);
    b.addEventListener("click", () => { enter(v); focusCell(); });
    pad.append(b);
  }
  const clear = document.createElement("button");
  clear.type = "button";
  clear.textContent = "Clear";
  clear.addEventListener("click", () => { enter(0); focusCell(); });
  pad.append(clear);
  pad.style.setProperty("--keys", Math.ceil((n + 1) / 2));
  $("keys").textContent = "Keys: arrows move, " + (n >= 10 ? "1–9, 0 for 10, a for 11, b for 12" : `1–${n}`) +
    ", Backspace or Delete clears, H hint, C check, P pencil marks, U or Ctrl+Z undo, R or Ctrl+Y redo, " +
    "N new puzzle, E explain, S share, O open.";
}

// Draw the state (the game's, or the explanation's) into the grid.
function refresh() {
  const ex = game.explain;
  const values = ex ? ex.values : game.values;
  const marks = ex ? ex.marks : game.marks;
  const hl = ex ? new Set(ex.doc.steps[ex.index] ? ex.doc.steps[ex.index].cells : []) : game.highlight;
  const placed = ex && ex.doc.steps[ex.index] ? new Set(ex.doc.steps[ex.index].placed.map((x) => x[0])) : new Set();
  const n = game.n;
  const cells = $("grid").querySelectorAll("[role=gridcell]");
  // The selected cell's row, column, box and cage, and the cells that
  // hold its digit.
  const p = game.doc.puzzle, cur = game.cur, cr = Math.floor(cur / n), cc = cur % n;
  const seen = (i) => {
    const r = Math.floor(i / n), c = i % n;
    return r === cr || c === cc || (game.of[i] >= 0 && game.of[i] === game.of[cur]) ||
      (p.boxRows > 0 && !p.cages.length && p.boxes[i] === p.boxes[cur]);
  };
  const curValue = values[cur];
  cells.forEach((cell, i) => {
    const v = values[i];
    cell.querySelector(".value").textContent = v ? valueName(v) : "";
    const m = v ? 0 : marks[i];
    const list = [];
    const spans = cell.querySelector(".marks").children;
    for (let d = 1; d <= n; d++) {
      const on = !!(m & (1 << d));
      if (on) list.push(d);
      spans[d - 1].textContent = on ? valueName(d) : "";
    }
    const r = Math.floor(i / n) + 1, c = (i % n) + 1;
    const name = `row ${r}, column ${c}, ` + (v ? valueName(v) : list.length ? "candidates " + list.join(" ") : "empty") +
      `, ${game.where[i]}`;
    cell.setAttribute("aria-label", name);
    cell.classList.toggle("peer", !ex && i !== cur && seen(i));
    cell.classList.toggle("same", !ex && !!curValue && v === curValue);
    cell.tabIndex = i === game.cur ? 0 : -1;
    cell.classList.toggle("selected", i === game.cur && !ex);
    cell.classList.toggle("conflict", !ex && game.conflicts.has(i));
    cell.classList.toggle("hl", hl.has(i));
    cell.classList.toggle("placed", placed.has(i));
    if (!ex && game.invalid.has(i)) cell.setAttribute("aria-invalid", "true");
    else cell.removeAttribute("aria-invalid");
  });
  $("btn-undo").disabled = !game.undo.length || !!ex;
  $("btn-redo").disabled = !game.redo.length || !!ex;
  $("btn-pencil").setAttribute("aria-pressed", String(game.pencil));
}

// The grid takes the keyboard back (after every button, at open):
// never while a dialog is open.
function focusCell() {
  if (document.querySelector("dialog[open]")) return;
  const cell = $("grid").querySelector(`[data-cell="${game.cur}"]`);
  if (cell) cell.focus({ preventScroll: true });
}

function select(i, focus) {
  game.cur = i;
  refresh();
  if (focus) focusCell();
}

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

// The cells that see cell i: its row, its column, its box, in a cage
// whose values must differ its cage, and in a Killer X its diagonals.
function peers(i) {
  const n = game.n, p = game.doc.puzzle, of = cageOf(), r = Math.floor(i / n), c = i % n, out = [];
  for (let j = 0; j < n * n; j++) {
    if (j === i) continue;
    const rj = Math.floor(j / n), cj = j % n;
    const box = p.boxes[j] >= 0 && p.boxes[j] === p.boxes[i];
    const cage = of[i] >= 0 && of[i] === of[j] && p.cages[of[i]].distinct;
    const diag = p.diagonals && ((r === c && rj === cj) || (r + c === n - 1 && rj + cj === n - 1));
    if (rj === r || cj === c || box || cage || diag) out.push(j);
  }
  return out;
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

// ---- Explain: the whole solution, step by step ----

// Explain shows the solution: asked first.
function askExplain() {
  if (!game.doc || game.explain) return;
  if (game.doc.verdict !== "unique") {
    say("Explain needs a puzzle with exactly one solution.");
    return;
  }
  confirmThen("Show the whole solution?", "Explain solves the puzzle from the start, step by step, " +
    "and shows every digit. Your grid is kept.", "Show the solution", openExplain);
}

function openExplain() {
  if (!game.doc) return;
  if (game.doc.verdict !== "unique") {
    say("Explain needs a puzzle with exactly one solution.");
    return;
  }
  const doc = engine.explain(game.doc.spec, game.doc.solution, true);
  if (!doc.ok) {
    say(doc.error);
    return;
  }
  clockStop();
  game.explain = { doc, index: 0, values: [], marks: [] };
  const list = $("explain-steps");
  list.replaceChildren();
  doc.steps.forEach((s, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.textContent = s.title ? `${s.title}: ${s.text}` : s.text;
    b.addEventListener("click", () => showStep(i));
    li.append(b);
    list.append(li);
  });
  $("explain-title").textContent = `Explanation: ${doc.level || "no level"}, ${doc.steps.length} steps`;
  $("explain").hidden = $("explain-nav").hidden = false;
  $("keypad").hidden = $("keys").hidden = $("btn-combos").hidden = true;
  document.body.classList.add("explaining");
  say(`Explanation: ${doc.steps.length} steps${doc.level ? ", level " + doc.level : ""}.`);
  showStep(0);
}

// The grid before step i, with its cells highlighted: the givens, every
// value pencilled in, and the steps before it replayed.
function showStep(i) {
  const ex = game.explain, n = game.n, p = game.doc.puzzle;
  if (!ex) return;
  i = Math.max(0, Math.min(i, ex.doc.steps.length - 1));
  const all = ((1 << (n + 1)) - 1) & ~1;
  const values = p.givens.map((g) => (g > 0 ? g : 0));
  const marks = values.map((v) => (v ? 1 << v : all));
  for (let k = 0; k < i; k++) {
    const s = ex.doc.steps[k];
    for (const [c, v] of s.removed) marks[c] &= ~(1 << v);
    for (const [c, v] of s.placed) {
      values[c] = v;
      marks[c] = 1 << v;
    }
  }
  ex.index = i;
  ex.values = values;
  ex.marks = marks;
  const s = ex.doc.steps[i];
  $("explain-text").textContent = s ? `Step ${i + 1} of ${ex.doc.steps.length}` +
    (s.title ? ` (${s.title}, ${s.level})` : "") + `: ${s.text}` : "";
  const li = $("explain-steps").children[i];
  if (li) li.scrollIntoView({ block: "nearest" });
  $("explain-steps").querySelectorAll(".step").forEach((b, k) => {
    if (k === i) b.setAttribute("aria-current", "step");
    else b.removeAttribute("aria-current");
  });
  $("btn-prev").disabled = i === 0;
  $("btn-next").disabled = i >= ex.doc.steps.length - 1;
  refresh();
}

function closeExplain() {
  if (!game.explain) return;
  game.explain = null;
  $("explain").hidden = $("explain-nav").hidden = true;
  $("keypad").hidden = $("keys").hidden = false;
  $("btn-combos").hidden = !game.doc || !game.doc.puzzle.cages.length;
  document.body.classList.remove("explaining");
  refresh();
  clockStart();
}

// ---- New puzzle ----

// The dialog's kind as generate's options.
function kindOptions(kind) {
  if (kind.startsWith("killer")) return { kind: "killer", killer: true, size: kind === "killer6" ? 6 : 9 };
  if (kind.startsWith("sudoku")) return { kind: "sudoku", size: kind === "sudoku6" ? 6 : 9 };
  return { kind: "calcudoku", hideOps: kind === "hidden", size: +$("new-size").value };
}

function fillLevels() {
  if (!engine) return;
  const o = kindOptions($("new-kind").value);
  const solo = o.kind !== "calcudoku";
  // The levels the kind and size can have: the library's.
  const names = engine.levels(o.kind === "sudoku" ? 2 : solo ? 1 : 0, o.size);
  const keep = $("new-level").value;
  $("new-level").replaceChildren(...names.map((name) => {
    const opt = document.createElement("option");
    opt.value = name.toLowerCase();
    opt.textContent = name;
    return opt;
  }));
  const found = names.find((name) => name.toLowerCase() === keep);
  $("new-level").value = found ? keep : names[Math.min(1, names.length - 1)].toLowerCase();
  $("new-size-label").hidden = solo;
  $("new-ops-label").hidden = o.kind !== "calcudoku" || o.hideOps;
  $("new-two-label").hidden = o.kind !== "calcudoku";
}

function openNewDialog() {
  fillLevels();
  $("new-seed").value = "";
  $("new-dialog").showModal();
}

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return String((a[0] * 4294967296 + a[1]) % 1e12);
}

// The address of a generated puzzle: what `cdok generate` takes.
function genHash(o) {
  let h = `size=${o.size}` + (o.level ? `&level=${o.level}` : "") + `&seed=${o.seed}`;
  if (o.killer) h += "&killer";
  if (o.kind === "sudoku") h += "&sudoku";
  if (o.hideOps) h += "&hide-ops";
  if (o.ops && o.ops !== "all") h += `&ops=${encodeURIComponent(o.ops)}`;
  if (o.twoCell) h += "&T";
  return h;
}

async function generate(o) {
  const token = ++genToken;
  const kind = o.kind === "sudoku" ? "Sudoku" : o.killer ? "Killer Sudoku" : o.hideOps ? "Calcudoku with hidden operators" : "Calcudoku";
  say(`Making a ${o.size} × ${o.size} ${kind}` +
      (o.level ? `, ${o.level}` : "") + `, seed ${o.seed}…`);
  setActions([["Cancel", () => generator.cancel()]]);
  document.body.classList.add("busy");
  let doc;
  try {
    doc = await generator.make(o);
  } catch (e) {
    if (token !== genToken) return;
    document.body.classList.remove("busy");
    say(e.cancelled ? "Cancelled." : `The generator stopped: ${e.message}`);
    setActions([["New puzzle", openNewDialog]]);
    return;
  }
  if (token !== genToken) return;
  document.body.classList.remove("busy");
  if (!doc.ok) {
    say(`No puzzle: ${doc.error}.`);
    setActions([
      ["Try another seed", () => generate({ ...o, seed: randomSeed() })],
      ["New puzzle", openNewDialog],
    ]);
    return;
  }
  startPuzzle(doc, { hash: genHash(o) }, o.progress);
}

// ---- Share, Print ----

// A grid's values in a link: one character a cell, "." for empty, the
// value in base 36 (sizes up to 35).
function shareCode(values, n) {
  if (n > 35) return null;
  return values.map((v) => (v ? v.toString(36) : ".")).join("");
}

function fromShareCode(code, n) {
  if (typeof code !== "string" || code.length !== n * n || n > 35) return null;
  const v = [...code].map((ch) => (ch === "." ? 0 : parseInt(ch, 36)));
  return v.every((x) => Number.isInteger(x) && x >= 0 && x <= n) ? v : null;
}

function share() {
  if (!game.doc) return;
  const base = location.href.split("#")[0] + "#" + game.source.hash;
  history.replaceState(null, "", "#" + game.source.hash);
  const code = shareCode(game.values, game.n);
  const withProgress = code && game.values.some((v, i) => v && game.doc.puzzle.givens[i] <= 0)
    ? `${base}&g=${code}` : null;
  const show = (url, what) => {
    say(`${what}: ${url}`);
    const list = [];
    // A page from file:// may have no clipboard to write to.
    if (navigator.clipboard)
      list.push(["Copy the link", () => navigator.clipboard.writeText(url).then(
        () => say(`Copied the link: ${url}`), () => say(`Select and copy the link: ${url}`))]);
    if (withProgress && url !== withProgress)
      list.push(["Link with my progress", () => show(withProgress, "Link to this puzzle with your progress")]);
    setActions(list);
  };
  show(base, "Link to this puzzle");
}

// ---- games in progress ----

function savedGames() {
  const list = [];
  try {
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k);
      if (!key.startsWith("cdok:game:")) continue;
      const g = JSON.parse(localStorage.getItem(key) || "null");
      if (g && g.hash && !g.solved) list.push(g);
    }
  } catch (e) { /* nothing kept */ }
  return list.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

function openGames() {
  if (game.doc) save();
  const ul = $("games-list");
  ul.replaceChildren();
  const list = savedGames();
  if (!list.length) {
    const li = document.createElement("li");
    li.textContent = "No game in progress is kept in this browser.";
    ul.append(li);
  }
  for (const g of list) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "submit";
    b.value = "cancel";
    b.textContent = `${g.label || g.hash.slice(0, 30)}: ${g.open} ${g.open === 1 ? "cell" : "cells"} to go, ` +
      `${clockText(g.elapsed || 0)} played, ${new Date(g.saved).toLocaleString()}`;
    b.addEventListener("click", () => {
      if (!game.source || g.hash !== game.source.hash) {
        history.replaceState(null, "", "#" + g.hash);
        fromHash(g.hash);
      }
    });
    li.append(b);
    ul.append(li);
  }
  $("games-dialog").showModal();
}

const SVG_NS = "http://www.w3.org/2000/svg";

// The puzzle (and its solution) drawn as vector graphics for printing.
function puzzleSvg(values) {
  const p = game.doc.puzzle, n = p.size, cell = 40, pad = 4, W = n * cell + 2 * pad;
  const of = cageOf(), killer = p.boxRows > 0;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
  svg.setAttribute("class", "print-grid");
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(SVG_NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
  };
  const X = (c) => pad + c * cell;
  for (let i = 0; i <= n; i++) {
    add("line", { x1: X(0), y1: X(i), x2: X(n), y2: X(i), stroke: "#000", "stroke-width": 0.6 });
    add("line", { x1: X(i), y1: X(0), x2: X(i), y2: X(n), stroke: "#000", "stroke-width": 0.6 });
  }
  const thick = (r, c, r2, c2) => killer
    ? p.boxes[r * n + c] !== p.boxes[r2 * n + c2]
    : of[r * n + c] !== of[r2 * n + c2];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (c + 1 < n && thick(r, c, r, c + 1))
        add("line", { x1: X(c + 1), y1: X(r), x2: X(c + 1), y2: X(r + 1), stroke: "#000", "stroke-width": 2.5 });
      if (r + 1 < n && thick(r, c, r + 1, c))
        add("line", { x1: X(c), y1: X(r + 1), x2: X(c + 1), y2: X(r + 1), stroke: "#000", "stroke-width": 2.5 });
      if (killer && of[r * n + c] >= 0) {
        // The cage's outline, dashed, e inside its cells: a side runs
        // on to the cell's edge where the cage goes on, and an inner
        // corner of the cage gets its short turn.
        const i = r * n + c, e = 4;
        const other = (rr, cc) => rr < 0 || cc < 0 || rr >= n || cc >= n || of[rr * n + cc] !== of[i];
        const dash = { stroke: "#000", "stroke-width": 0.8, "stroke-dasharray": "3 2" };
        const x0 = other(r, c - 1) ? X(c) + e : X(c), x1 = other(r, c + 1) ? X(c + 1) - e : X(c + 1);
        const y0 = other(r - 1, c) ? X(r) + e : X(r), y1 = other(r + 1, c) ? X(r + 1) - e : X(r + 1);
        if (other(r - 1, c)) add("line", { x1: x0, y1: X(r) + e, x2: x1, y2: X(r) + e, ...dash });
        if (other(r + 1, c)) add("line", { x1: x0, y1: X(r + 1) - e, x2: x1, y2: X(r + 1) - e, ...dash });
        if (other(r, c - 1)) add("line", { x1: X(c) + e, y1: y0, x2: X(c) + e, y2: y1, ...dash });
        if (other(r, c + 1)) add("line", { x1: X(c + 1) - e, y1: y0, x2: X(c + 1) - e, y2: y1, ...dash });
        for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
          if (other(r + dr, c) || other(r, c + dc) || !other(r + dr, c + dc)) continue;
          const cx = dc < 0 ? X(c) : X(c + 1), cy = dr < 0 ? X(r) : X(r + 1);
          const ix = cx - dc * e, iy = cy - dr * e;
          add("polyline", { points: `${ix},${cy} ${ix},${iy} ${cx},${iy}`, fill: "none", ...dash });
        }
      }
    }
  if (p.diagonals) {
    add("line", { x1: X(0), y1: X(0), x2: X(n), y2: X(n), stroke: "#888", "stroke-width": 0.8 });
    add("line", { x1: X(n), y1: X(0), x2: X(0), y2: X(n), stroke: "#888", "stroke-width": 0.8 });
  }
  add("rect", { x: X(0), y: X(0), width: n * cell, height: n * cell, fill: "none", stroke: "#000", "stroke-width": 3 });
  const heads = partHeads(of, n);
  p.cages.forEach((k) => {
    // A cage in parts: its starred clue on each part (partHeads).
    const at = k.cells.filter((c) => heads.has(c));
    for (const c0 of at.length ? at : [k.cells[0]])
      add("text", { x: X(c0 % n) + (killer ? 6 : 3), y: X(Math.floor(c0 / n)) + (killer ? 13 : 11), "font-size": 10,
        "font-family": "sans-serif" }, clueText(k, killer) + (at.length ? `*${heads.get(c0)}` : ""));
  });
  for (let i = 0; i < n * n; i++)
    if (values[i] > 0)
      add("text", { x: X(i % n) + cell / 2, y: X(Math.floor(i / n)) + cell * 0.72, "font-size": 22,
        "text-anchor": "middle", "font-family": "sans-serif" }, valueName(values[i]));
  return svg;
}

function preparePrint() {
  if (!game.doc) return;
  const area = $("print-area");
  area.replaceChildren();
  const h = document.createElement("p");
  h.className = "print-caption";
  h.textContent = describe(game.doc);
  area.append(h, puzzleSvg(game.doc.puzzle.givens));
  if ($("opt-print-solution").checked && game.doc.solution) {
    const s = document.createElement("p");
    s.className = "print-caption";
    s.textContent = "Solution";
    area.append(s, puzzleSvg(game.doc.solution));
    area.classList.add("two");
  } else {
    area.classList.remove("two");
  }
}

// ---- keyboard ----

// Every key of the game, wherever the focus is (a button pressed last,
// the page itself) while no dialog is open and no field is being typed
// in: digits, arrows and Backspace reach the grid, and one key each for
// the commands (the key help, #keys).
function onKey(e) {
  if (document.querySelector("dialog[open]")) return;
  if (e.target.closest && e.target.closest("input:not([type=checkbox]), textarea, select")) return;
  if (!game.doc) return;
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const mod = e.ctrlKey || e.metaKey || e.altKey;
  // A focused button, summary or checkbox keeps Enter and Space.
  if ((k === "Enter" || k === " ") && e.target.closest && e.target.closest("button, summary, input")) return;
  if (game.explain) {
    if (k === "ArrowRight" || k === "ArrowDown") showStep(game.explain.index + 1);
    else if (k === "ArrowLeft" || k === "ArrowUp") showStep(game.explain.index - 1);
    else if (k === "Escape") { closeExplain(); focusCell(); }
    else return;
    e.preventDefault();
    return;
  }
  const n = game.n, r = Math.floor(game.cur / n), c = game.cur % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if ((e.ctrlKey || e.metaKey) && k === "z") {
    if (e.shiftKey) redo();
    else undo();
  } else if ((e.ctrlKey || e.metaKey) && k === "y") {
    redo();
  } else if (mod) {
    return;
  } else if (moves[k]) {
    const [dr, dc] = moves[k];
    select(((r + dr + n) % n) * n + ((c + dc + n) % n), true);
  } else if (k === "Home") {
    select(r * n, true);
  } else if (k === "End") {
    select(r * n + n - 1, true);
  } else if (/^[1-9]$/.test(k)) {
    enter(+k);
    focusCell();
  } else if (n >= 10 && k in VALUE_KEYS) {
    enter(VALUE_KEYS[k]);
    focusCell();
  } else if (k === "Backspace" || k === "Delete") {
    enter(0);
    focusCell();
  } else if (k in COMMAND_KEYS) {
    COMMAND_KEYS[k]();
    focusCell();
  } else {
    return;
  }
  e.preventDefault();
}

// One key a command (a and b are values on grids of 10 and more).
const COMMAND_KEYS = {
  h: () => hint(), c: () => check(), p: () => togglePencil(), u: () => undo(), r: () => redo(),
  n: () => openNewDialog(), e: () => askExplain(), s: () => share(),
  o: () => { $("open-error").textContent = ""; $("open-dialog").showModal(); },
};

function togglePencil() {
  game.pencil = !game.pencil;
  refresh();
}

// ---- the address ----

// #p=PUZZLE opens a puzzle; #size=9&level=hard&seed=42[&killer][&ops=mul][&T]
// makes the one `cdok -s 9 --level hard --seed 42 generate` makes.
function fromHash(hash) {
  const h = hash === undefined ? location.hash.slice(1) : hash;
  if (!h) return false;
  if (h.startsWith("p=")) {
    // p=PUZZLE (encoded, so holding no &), then &g=PROGRESS maybe.
    const amp = h.indexOf("&");
    const ph = amp < 0 ? h : h.slice(0, amp);
    const progress = amp < 0 ? null : new URLSearchParams(h.slice(amp + 1)).get("g");
    let text;
    try {
      text = decodeURIComponent(ph.slice(2));
    } catch (e) {
      say("The link's puzzle is not properly encoded.");
      return true;
    }
    const doc = openText(text, ph, progress);
    if (!doc.ok) say(`The link's puzzle cannot be read: ${where(doc)}`);
    return true;
  }
  const q = new URLSearchParams(h);
  if (!q.has("seed") && !q.has("size") && !q.has("sudoku") && !q.has("killer") && !q.has("hide-ops")) return false;
  const killer = q.has("killer"), sudoku = !killer && q.has("sudoku");
  const o = {
    size: +(q.get("size") || (killer || sudoku ? 9 : 6)),
    level: (q.get("level") || "").toLowerCase(),
    seed: q.get("seed") || randomSeed(),
    kind: killer ? "killer" : sudoku ? "sudoku" : "calcudoku",
    killer,
    hideOps: !killer && !sudoku && q.has("hide-ops"),
    // A + typed in the address reads as a space.
    ops: killer || sudoku ? "" : (q.get("ops") || "all").replace(/ /g, "+"),
    twoCell: q.has("T"),
    progress: q.get("g"),
  };
  generate(o);
  return true;
}

// ---- wiring ----

function wire() {
  document.addEventListener("keydown", onKey);
  // The page leaves room below for the dock a phone has fixed there.
  new ResizeObserver(() => {
    document.body.style.setProperty("--dock-h", `${$("dock").offsetHeight + 8}px`);
  }).observe($("dock"));
  // After every button outside a dialog the grid has the keyboard again
  // (a button that opened a dialog leaves it to the dialog).
  document.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button");
    if (b && !b.closest("dialog")) focusCell();
  });
  for (const d of document.querySelectorAll("dialog")) d.addEventListener("close", () => setTimeout(focusCell));
  $("btn-new").addEventListener("click", openNewDialog);
  $("btn-open").addEventListener("click", () => {
    $("open-error").textContent = "";
    $("open-dialog").showModal();
  });
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-pencil").addEventListener("click", togglePencil);
  $("btn-check").addEventListener("click", check);
  $("btn-hint").addEventListener("click", hint);
  $("btn-explain").addEventListener("click", askExplain);
  $("btn-games").addEventListener("click", openGames);
  $("opt-coords").addEventListener("change", (e) => document.body.classList.toggle("no-coords", !e.target.checked));
  $("btn-share").addEventListener("click", share);
  $("btn-print").addEventListener("click", () => {
    preparePrint();
    window.print();
  });
  window.addEventListener("beforeprint", preparePrint);
  $("btn-combos").addEventListener("click", () => { combos(); focusCell(); });
  $("btn-prev").addEventListener("click", () => game.explain && showStep(game.explain.index - 1));
  $("btn-next").addEventListener("click", () => game.explain && showStep(game.explain.index + 1));
  $("btn-close-explain").addEventListener("click", closeExplain);
  $("btn-restart").addEventListener("click", restart);
  $("opt-conflicts").addEventListener("change", () => { updateConflicts(); refresh(); });
  $("opt-candidates").addEventListener("change", (e) => fillCandidates(e.target.checked));

  for (let s = 3; s <= 12; s++) {
    const o = document.createElement("option");
    o.value = s;
    o.textContent = `${s} × ${s}`;
    $("new-size").append(o);
  }
  $("new-size").value = "6";
  $("new-kind").addEventListener("change", fillLevels);
  $("new-size").addEventListener("change", fillLevels);
  $("new-dialog").addEventListener("close", () => {
    if ($("new-dialog").returnValue !== "make") return;
    const o = kindOptions($("new-kind").value);
    const seed = $("new-seed").value.trim();
    if (seed && !/^\d{1,19}$/.test(seed)) {
      say("The seed must be a whole number.");
      return;
    }
    const calc = o.kind === "calcudoku";
    generate({
      ...o,
      level: $("new-level").value,
      seed: seed || randomSeed(),
      ops: calc && !o.hideOps ? $("new-ops").value : "",
      twoCell: calc && $("new-two").checked,
    });
  });

  const openDialog = $("open-dialog");
  $("open-form").addEventListener("submit", (e) => {
    if (e.submitter && e.submitter.value === "cancel") return;
    const text = $("open-text").value;
    const doc = engine.read(text);
    if (!doc.ok) {
      e.preventDefault();
      const msg = `This puzzle cannot be read: ${where(doc)}`;
      $("open-error").textContent = msg;
      say(msg);
      return;
    }
    startPuzzle(doc, { hash: "p=" + encodeURIComponent(doc.id || doc.spec) });
  });
  $("open-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) $("open-text").value = await f.text();
  });
  openDialog.addEventListener("dragover", (e) => e.preventDefault());
  openDialog.addEventListener("drop", async (e) => {
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) $("open-text").value = await f.text();
  });
  document.body.addEventListener("dragover", (e) => e.preventDefault());
  document.body.addEventListener("drop", async (e) => {
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (!f) return;
    const doc = engine.read(await f.text());
    if (!doc.ok) say(`This puzzle cannot be read: ${where(doc)}`);
    else startPuzzle(doc, { hash: "p=" + encodeURIComponent(doc.id || doc.spec) });
  });
  // The address the event was for, not location.hash: a puzzle made in
  // the Worker may have come in, and put its own address there, between
  // the change and this event.
  window.addEventListener("hashchange", (e) => {
    const h = new URL(e.newURL).hash.slice(1);
    if (!game.source || h !== game.source.hash) fromHash(h);
  });
  window.addEventListener("pagehide", () => { clockStop(); save(); });
}

// Served over http(s): installable, and offline after the first visit
// (web/sw.js).  From file:// neither applies, and nothing is asked for.
function offlineApp() {
  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "manifest.webmanifest";
  document.head.append(link);
  navigator.serviceWorker.register("sw.js").then(() => { document.body.dataset.offline = "1"; },
    () => { /* no worker: the page works online as before */ });
}

async function main() {
  wire();
  offlineApp();
  engine = cdokEngine(await cdokWasmFactory()());
  document.body.dataset.ready = "1";
  if (fromHash()) return;
  // Opened without an address: the puzzle played last, or a new one.
  let last = null;
  try {
    last = localStorage.getItem("cdok:last");
  } catch (e) { /* nothing kept */ }
  if (last) {
    history.replaceState(null, "", "#" + last);
    if (fromHash()) return;
  }
  // The first puzzle of a first visit: a 6 x 6 Normal takes a few
  // milliseconds (at most 35 ms on seeds 1-10), made here rather than in
  // the Worker, which would compile the module a second time first.
  const o = { size: 6, level: "normal", seed: randomSeed(), killer: false, ops: "all", twoCell: false };
  const doc = engine.generate(o);
  if (doc.ok) startPuzzle(doc, { hash: genHash(o) });
  else generate(o);
}

main();
