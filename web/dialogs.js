// dialogs.js -- the page's dialogs: a question before an action,
// Explain (the whole solution, step by step) and New puzzle (made in the
// Worker, engine.js).

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
