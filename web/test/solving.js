// solving.js -- held-out puzzles opened by link and typed to Solved, from
// file:// and from the server, with the mouse and with the keyboard alone.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

// Half of web/test/heldout (HALF 0 or 1): made by Tatham's generators
// for this test alone (scripts/make-web-heldout), at the level the page
// must show.  Two tests, so that the two test processes share them.
function heldOut(half) {
  return async () => {
    const LEVEL = { e: "Easy", n: "Normal", h: "Hard", x: "Extreme", u: "Unreasonable",
      t: "Trivial", b: "Basic", i: "Intermediate", a: "Advanced" };
    const HELD = path.join(__dirname, "heldout");
    const files = fs.readdirSync(HELD).filter((f) => /\.(keen|solo)$/.test(f)).sort();
    assert.equal(files.length, 16, files.join(" "));
    const page = await open(FILE_URL, "");
    for (const puzzle of files.filter((f, k) => k % 2 === half)) {
      const [, kind, d] = /^(keen_9|killer_k)(\w)/.exec(puzzle);
      const level = kind === "killer_k" && d === "e" ? "Extreme" : LEVEL[d];
      await goFresh(page, linkTo(path.join(HELD, puzzle)));
      await gridOf(page, 9);
      await until(`${puzzle}: #info names ${level}`, () => page.locator("#info").textContent(), (t) => t.includes(level));
      await typeGrid(page, readSolution(path.join(HELD, puzzle.replace(/\.\w+$/, ".sol"))));
      const text = await statusMatches(page, /Solved/);
      assert.match(text, /Solved! Your time: \d+:\d\d/, puzzle);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `solved-1280-${half + 1}.png`), fullPage: true });
    await close(page);
  };
}

pageTest("held-out Keen 9 x 9 of every level and Solo Killers (the first of each pair), opened by link, typed in, end Solved",
  heldOut(0), 100);
pageTest("held-out Keen 9 x 9 of every level and Solo Killers (the second of each pair), opened by link, typed in, end Solved",
  heldOut(1), 100);

pageTest("a Killer X with cells in no cage (SudoCue's line): diagonals tinted, no outline round a bare cell, a digit leaves its diagonal's marks, typed in, ends Solved", async () => {
  // ISS's HS_KILLERS #9 (tests/data/iss_killers/): 3x3:d:k:, its first
  // cell in no cage.
  const ISS = path.join(ROOT, "tests", "data", "iss_killers");
  const line = fs.readFileSync(path.join(ISS, "hs_killers.txt"), "utf8").split("\n")[8];
  const sol = fs.readFileSync(path.join(ISS, "hs_killers.solutions"), "utf8").split("\n")[8];
  const page = await open(FILE_URL, "p=" + encodeURIComponent(line));
  await gridOf(page, 9);
  const cells = page.locator("[role=gridcell]");
  assert.equal(await page.locator(".cell.diag").count(), 17);
  assert.ok(await cells.nth(0).evaluate((e) => e.classList.contains("diag")));
  assert.equal(await cells.nth(0).locator(".cage").count(), 0, "r1c1 is in no cage");
  assert.equal(await cells.nth(2).locator(".cage").count(), 1, "r1c3 is in a cage");
  await page.screenshot({ path: path.join(SHOTS, "killer-x.png") });
  // A digit placed leaves the pencil marks of its diagonal (the
  // library's peers, cw_peers) and of no cell off its lines: r9c9 shares
  // only the diagonal with r1c1, r5c4 nothing.
  const v = sol[0];
  for (const [r, c] of [[9, 9], [5, 4]]) {
    await cell(page, r, c).click();
    await page.keyboard.press("p");
    await page.keyboard.press(v);
    await page.keyboard.press("p");
  }
  await cell(page, 1, 1).click();
  await page.keyboard.press(v);
  await matches(() => cell(page, 9, 9).getAttribute("aria-label"), /^row 9, column 9, empty,/);
  await matches(() => cell(page, 5, 4).getAttribute("aria-label"), new RegExp(`^row 5, column 4, candidates ${v},`));
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push([...sol.slice(9 * r, 9 * r + 9)].map(Number));
  await typeGrid(page, rows);
  const text = await statusMatches(page, /Solved/);
  assert.match(text, /Solved! Your time: \d+:\d\d/);
  await close(page);
}, 23);

pageTest("from a static server on 127.0.0.1: a 12 x 12 typed with 0, a and b ends Solved", async () => {
  const page = await open(H.HTTP_URL, "size=12&level=easy&seed=3");
  await gridOf(page, 12);
  const sol = await page.evaluate(() => game.doc.solution);
  const rows = [];
  for (let r = 0; r < 12; r++) rows.push(sol.slice(r * 12, r * 12 + 12));
  await typeGrid(page, rows);
  await statusMatches(page, /Solved/);
  await close(page);
}, 150);

pageTest("a held-out Keen 9 x 9 opened by link is solved with the keyboard alone: H for hints, digits, no Tab, no click", async () => {
  const HELD = path.join(__dirname, "heldout");
  const page = await open(FILE_URL, linkTo(path.join(HELD, "keen_9h_1.keen")));
  await gridOf(page, 9);
  // The grid has the keyboard at open.
  await matches(() => focused(page), /^row 1, column 1, /);
  let presses = 0, digits = 0, firstDigit = -1;
  for (let guard = 0; guard < 81 * 5; guard++) {
    const before = await status(page).textContent();
    await page.keyboard.press("h");
    presses++;
    const text = await until("the hint's text changes", () => status(page).textContent(), (t) => t !== before || /Solved/.test(t));
    if (/Solved/.test(text)) break;
    assert.ok(!/mistake/.test(text), text);
    // The third press says which digit goes where, and selects that cell.
    const m = /\br(\d+)c(\d+) is (\d+)\b/.exec(text);
    if (!m || !/^Hint \(/.test(text)) continue;
    await matches(() => focused(page), new RegExp(`^row ${m[1]}, column ${m[2]}, `));
    await page.keyboard.press(m[3]);
    digits++;
    if (firstDigit < 0) firstDigit = presses;
    if (/Solved/.test(await status(page).textContent())) break;
  }
  assert.match(await statusMatches(page, /Solved/), /Solved! Your time/);
  // The first digit comes within five presses (one to pencil in the
  // cages, then three), and every hint ends in a digit.
  assert.ok(firstDigit > 0 && firstDigit <= 5, `first digit after ${firstDigit} presses`);
  assert.ok(presses <= 4 + 3 * digits, `${presses} presses for ${digits} digits`);
  console.log(`# keen_9h_1 by keyboard: ${presses} presses of H, ${digits} digits typed, first digit after ${firstDigit}`);
  await close(page);
}, 70);
