// input.js -- the keyboard and every control's event: keys reach the
// grid wherever the focus is while no dialog is open.

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
  wireNewDialog();
  wireOpen();
  // The address the event was for, not location.hash: a puzzle made in
  // the Worker may have come in, and put its own address there, between
  // the change and this event.
  window.addEventListener("hashchange", (e) => {
    const h = new URL(e.newURL).hash.slice(1);
    if (!game.source || h !== game.source.hash) fromHash(h);
  });
  window.addEventListener("pagehide", () => { clockStop(); save(); });
}

// New puzzle's sizes, and its answer: a puzzle made in the Worker.
function wireNewDialog() {
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
}

// Open: text pasted or a file chosen or dropped, in the dialog or on
// the page.
function wireOpen() {
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
}
