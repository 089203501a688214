// game.js -- the page's game: the state of play, the status line, the
// clock, and starting a puzzle from the library's document.  The page
// is one script: mk/web.mk joins engine.js, game.js, storage.js,
// view.js, play.js, dialogs.js, address.js, input.js and main.js, in
// that order, into cdok.js (doc/WEB.md, "The page's files").
// Everything the page knows of a puzzle comes from the library (the
// model, the solution, the level, broken rules, mistakes, hints and
// explanations); the page keeps only the state of play.

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
  peers: [],        // per cell, the cells that see it (peerLists)
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
  messageInView();
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
  messageInView();
}

// On a phone the commands and the keypad are fixed at the bottom
// (cdok.css): a message, or its buttons, long enough to reach under them
// is scrolled up until its end is just above them (its scroll margin
// is their height), and the grid moves up only as far as that takes.
const PHONE = matchMedia("(max-width: 700px)");
function messageInView() {
  if (!PHONE.matches || !$("status").textContent) return;
  const last = $("actions").childElementCount ? $("actions") : $("status");
  last.scrollIntoView({ block: "nearest" });
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
  game.peers = peerLists(doc);
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

function openText(text, hash, progress) {
  const doc = engine.read(text);
  if (!doc.ok) return doc;
  startPuzzle(doc, { hash: hash || "p=" + encodeURIComponent(doc.id || doc.spec) }, progress);
  return doc;
}
