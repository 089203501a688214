// view.js -- drawing: the grid (cages, boxes, clues, values, pencil
// marks, what the selected cell sees), the keypad and its key help, and
// the puzzle as vector graphics for printing.

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

// ---- Print ----

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
