// address.js -- the puzzle in the page's address: a generated puzzle's
// options as `cdok generate` takes them, any puzzle's text after #p=,
// the progress after &g=, and Share, which puts them there.

// ---- a generated puzzle's address ----

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

// ---- Share ----

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
