// storage.js -- what the page keeps in this browser: each puzzle's
// progress, keyed by its spec, and the games in progress to go back to
// (doc/WEB.md, "What the page stores").

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
