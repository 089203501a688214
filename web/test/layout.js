// layout.js -- how the page looks and is reached: cage outlines and
// screenshots at phone and desktop width, Print, names and roles, the
// keyboard after every button, and the phone's fixed keypad.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

// A Killer cage's dashed outline turns without a break at each inner
// corner of the cage: where cell (r, c) and its neighbours (r + dr, c)
// and (r, c + dc) are in the cage and (r + dr, c + dc) is not, the line
// along (r + dr, c)'s side and the line along (r, c + dc)'s side both run
// on to the point where they cross, inside (r, c).  Checked on the page's
// layout: every point on the way is covered by some dashed border (or a
// box line it crosses).
async function outlineUnbroken(page, w) {
  const found = await page.evaluate(() => {
    const n = game.n, of = new Array(n * n).fill(-1);
    game.doc.puzzle.cages.forEach((k, j) => k.cells.forEach((i) => { of[i] = j; }));
    const cellAt = (r, c) => document.querySelector(`[data-cell="${r * n + c}"]`);
    // Every dashed border on the grid, as a rectangle.
    const segs = [];
    for (const el of document.querySelectorAll("[role=grid] span")) {
      const st = getComputedStyle(el), b = el.getBoundingClientRect();
      const w = (side) => (st[`border${side}Style`] === "dashed" ? parseFloat(st[`border${side}Width`]) : 0);
      if (w("Top")) segs.push([b.left, b.top, b.right, b.top + w("Top")]);
      if (w("Bottom")) segs.push([b.left, b.bottom - w("Bottom"), b.right, b.bottom]);
      if (w("Left")) segs.push([b.left, b.top, b.left + w("Left"), b.bottom]);
      if (w("Right")) segs.push([b.right - w("Right"), b.top, b.right, b.bottom]);
    }
    // The box lines too: a cage's outline crosses them (drawn in the
    // dark of the lines, a dashed line that meets one goes on through it).
    for (const el of document.querySelectorAll("[role=gridcell]")) {
      const st = getComputedStyle(el), b = el.getBoundingClientRect();
      const w = (side) => (parseFloat(st[`border${side}Width`]) >= 2 ? parseFloat(st[`border${side}Width`]) : 0);
      if (w("Top")) segs.push([b.left, b.top, b.right, b.top + w("Top")]);
      if (w("Bottom")) segs.push([b.left, b.bottom - w("Bottom"), b.right, b.bottom]);
      if (w("Left")) segs.push([b.left, b.top, b.left + w("Left"), b.bottom]);
      if (w("Right")) segs.push([b.right - w("Right"), b.top, b.right, b.bottom]);
    }
    const covered = (x, y) => segs.some(([x0, y0, x1, y1]) => x >= x0 - 0.01 && x <= x1 + 0.01 && y >= y0 - 0.01 && y <= y1 + 0.01);
    const same = (r, c, j) => r >= 0 && c >= 0 && r < n && c < n && of[r * n + c] === j;
    const gaps = [];
    let corners = 0;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
          const j = of[r * n + c];
          if (!same(r + dr, c, j) || !same(r, c + dc, j) || same(r + dr, c + dc, j)) continue;
          corners++;
          // The vertical line runs along (r + dr, c)'s side towards c + dc,
          // the horizontal one along (r, c + dc)'s side towards r + dr.
          const v = cellAt(r + dr, c).querySelector(".cage").getBoundingClientRect();
          const h = cellAt(r, c + dc).querySelector(".cage").getBoundingClientRect();
          const x = dc > 0 ? v.right - 0.5 : v.left + 0.5;
          const y = dr > 0 ? h.bottom - 0.5 : h.top + 0.5;
          const yEnd = dr > 0 ? v.bottom : v.top, xEnd = dc > 0 ? h.right : h.left;
          for (let t = 0; t <= 1.0001; t += 0.05) {
            if (!covered(x, y + (yEnd - y) * t)) { gaps.push(`r${r + 1}c${c + 1} up/down`); break; }
          }
          for (let t = 0; t <= 1.0001; t += 0.05) {
            if (!covered(x + (xEnd - x) * t, y)) { gaps.push(`r${r + 1}c${c + 1} across`); break; }
          }
        }
    return { corners, gaps };
  });
  assert.ok(found.corners >= 4, `${found.corners} inner corners`);
  assert.deepEqual(found.gaps, [], `outline gaps at ${w} px`);
}

pageTest("screenshots at phone and desktop width, light and dark; cage outlines unbroken", async () => {
  for (const [w, h] of [[360, 740], [1280, 900]]) {
    for (const scheme of ["light", "dark"]) {
      const page = await open(FILE_URL, linkTo(path.join(CORPUS, "killer/killer_ka_05.solo")), { width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await gridOf(page, 9);
      const sol = readSolution(path.join(CORPUS, "killer/killer_ka_05.sol"));
      await cell(page, 1, 1).click();
      await page.keyboard.press("p");
      await page.keyboard.press(String(sol[0][0]));
      await page.keyboard.press(String((sol[0][0] % 9) + 1));
      await page.keyboard.press("p");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press(String(sol[1][0]));
      await page.getByRole("button", { name: "Hint", exact: true }).click();
      await statusMatches(page, /^Hint/);
      // The grid fits the width.
      const box = await page.getByRole("grid").boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= w, `grid within ${w} px`);
      if (scheme === "light") await outlineUnbroken(page, w);
      await page.screenshot({ path: path.join(SHOTS, `killer-${w}-${scheme}.png`), fullPage: true });
      await close(page);
    }
  }
  const page = await open(FILE_URL, "size=9&level=hard&seed=42", { width: 360, height: 740 });
  await gridOf(page, 9);
  await page.screenshot({ path: path.join(SHOTS, "calcudoku-360.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  await page.locator(".print-grid").first().waitFor();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: path.join(SHOTS, "print.png") });
  await close(page);
}, 10);

pageTest("Print: one page of vector graphics, with the level and seed; with the solution too", async () => {
  const page = await open(FILE_URL, "size=9&level=hard&seed=42");
  await gridOf(page, 9);
  for (const withSolution of [false, true]) {
    await page.evaluate((on) => {
      document.querySelector("#opt-print-solution").checked = on;
      window.dispatchEvent(new Event("beforeprint"));
    }, withSolution);
    await equals(() => page.locator(".print-area svg").count(), withSolution ? 2 : 1);
    await matches(() => page.locator(".print-caption").first().textContent(), /Hard · seed 42/);
    const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
    assert.equal((pdf.match(/\/Type\s*\/Page\b/g) || []).length, 1, "one page");
    assert.ok(!/\/Subtype\s*\/Image/.test(pdf), "no bitmap: the grid is drawn as vectors");
  }
  await close(page);
});

pageTest("every control has its name and role", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  for (const name of ["New puzzle", "Undo", "Redo", "Check", "Hint", "Explain", "Print", "Pencil"])
    assert.equal(await page.getByRole("button", { name, exact: true }).count(), 1, name);
  assert.equal(await page.locator('[role="grid"]').count(), 1);
  assert.equal(await page.locator('[role="gridcell"]').count(), 81);
  assert.equal(await page.locator('[role="status"]').count(), 1);
  await matches(() => cell(page, 1, 1).getAttribute("aria-label"), /^row 1, column 1, empty, in the \d+\S* cage at r1c1, \d cells?$/);
  // Every cell of a cage tells its cage, not only the first.
  const first = await cell(page, 1, 1).getAttribute("aria-label");
  const cageOf11 = first.replace(/^.*, in the /, "in the ");
  const same = await page.getByRole("gridcell").evaluateAll((cs, tail) =>
    cs.filter((c) => c.getAttribute("aria-label").endsWith(tail)).length, cageOf11);
  assert.equal(same, +/(\d+) cells?$/.exec(first)[1]);
  await close(page);
});

pageTest("the grid keeps the keyboard after every button; one key a command", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  for (const name of ["Check", "Hint", "Pencil", "Pencil", "Undo", "Share"]) {
    await page.getByRole("button", { name, exact: true }).click();
    await matches(() => focused(page), /^row \d+, column \d+, /);
  }
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await matches(() => focused(page), /^row 2, column 2, /);
  await page.keyboard.press("5");
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, 5,/);
  // Typing the digit a cell holds keeps it; Delete clears.
  await page.keyboard.press("5");
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, 5,/);
  await page.keyboard.press("Delete");
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, empty/);
  await page.keyboard.press("u");
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, 5,/);
  await page.keyboard.press("r");
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, empty/);
  await page.keyboard.press("c");
  await statusMatches(page, /Correct so far/);
  await page.keyboard.press("h");
  await statusMatches(page, /^Hint/);
  const pencil = page.getByRole("button", { name: "Pencil" });
  await page.keyboard.press("p");
  await equals(() => pencil.getAttribute("aria-pressed"), "true");
  await page.keyboard.press("p");
  await page.keyboard.press("n");
  await page.getByRole("dialog", { name: "New puzzle" }).waitFor();
  // Keys typed in a dialog stay there.
  await page.keyboard.press("5");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog", { name: "New puzzle" }).waitFor({ state: "hidden" });
  await matches(() => focused(page), /^row 2, column 2, /);
  // The key help names the commands.
  assert.match(await page.locator("#keys").textContent(), /H hint, C check, P pencil marks, U or Ctrl\+Z undo, R or Ctrl\+Y redo, N new puzzle/);
  assert.equal(await page.getByRole("button", { name: "Hint", exact: true }).getAttribute("aria-keyshortcuts"), "h");
  await close(page);
});

pageTest("phone 360 x 740: grid and keypad on screen, the keypad fixed at the bottom through three hints; messages above it; clues of 11 px or more", async () => {
  for (const puzzle of ["keen/keen_9h_06.keen", "killer/killer_ka_05.solo"]) {
    const page = await open(FILE_URL, linkTo(path.join(CORPUS, puzzle)), { width: 360, height: 740 });
    await gridOf(page, 9);
    const before = await keypadBoxes(page);
    assert.equal(before.length, 10);
    for (const [l, t, r, b] of before) assert.ok(l >= 0 && t >= 0 && r <= 360 && b <= 740, `key at ${l},${t},${r},${b}`);
    const grid = await page.getByRole("grid").boundingBox();
    assert.ok(grid.x >= 0 && grid.x + grid.width <= 360 && grid.y + grid.height <= Math.min(...before.map((k) => k[1])),
      `grid ${JSON.stringify(grid)} above the keypad`);
    const commands = await page.getByRole("navigation", { name: "Game" }).boundingBox();
    assert.ok(commands.y >= grid.y + grid.height && commands.y + commands.height <= 740, "commands at the bottom");
    // A message and its buttons, however long, end above the commands
    // (scrolled up into view when they would reach under them).
    const messageAbove = async (what) => {
      const top = commands.y;
      for (const box of [await status(page).boundingBox(), await page.locator("#actions").boundingBox()])
        if (box && box.height) assert.ok(box.y >= 0 && box.y + box.height <= top + 0.5,
          `${what}: ${JSON.stringify(box)} reaches under the commands at ${top}`);
    };
    for (let k = 0; k < 3; k++) {
      const was = await status(page).textContent();
      await page.getByRole("button", { name: "Hint", exact: true }).click();
      await until("a new hint", () => status(page).textContent(), (t) => t !== was);
      await messageAbove(`hint ${k + 1}`);
    }
    assert.deepEqual(await keypadBoxes(page), before, "the keypad has not moved");
    await page.screenshot({ path: path.join(SHOTS, `phone-${path.basename(puzzle)}-3-hints.png`) });
    // A long message with a button: Check on five 1s in the corner
    // (Keen 9 x 9: 151 px of text, Killer: 250 px, and the button).
    for (const [r, c] of [[1, 1], [1, 2], [2, 1], [2, 2], [1, 3]]) {
      await cell(page, r, c).click();
      await page.keyboard.press("1");
    }
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await statusMatches(page, /marked wrong/);
    await messageAbove("Check's mistakes");
    await page.screenshot({ path: path.join(SHOTS, `phone-${path.basename(puzzle)}-check.png`) });
    assert.deepEqual(await keypadBoxes(page), before, "the keypad has not moved");
    const clue = await page.locator(".clue").evaluateAll((cs) => Math.min(...cs.map((c) => parseFloat(getComputedStyle(c).fontSize))));
    assert.ok(clue >= 11, `clue text ${clue} px`);
    // The clue does not cover the pencil marks.
    const overlap = await page.locator(".cell.has-clue").evaluateAll((cs) => cs.filter((c) => {
      const a = c.querySelector(".clue").getBoundingClientRect(), m = c.querySelector(".marks").getBoundingClientRect();
      const marks = c.querySelector(".marks");
      return a.bottom > m.top + 0.5 || marks.scrollHeight > marks.clientHeight + 1;
    }).length);
    assert.equal(overlap, 0, "cells whose clue covers the marks, or whose marks are cut off");
    await close(page);
  }
}, 5);

pageTest("phone: Explain's step and its Next button are on screen with the grid", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9h_06.keen")), { width: 360, height: 740 });
  await gridOf(page, 9);
  await page.getByRole("button", { name: "Explain", exact: true }).click();
  await page.getByRole("button", { name: "Show the solution" }).click();
  await matches(() => page.locator("#explain-text").textContent(), /^Step 1 of/);
  for (let k = 0; k < 3; k++) {
    await page.getByRole("button", { name: "Next step" }).click();
    await matches(() => page.locator("#explain-text").textContent(), new RegExp(`^Step ${k + 2} of`));
    const text = await page.locator("#explain-text").boundingBox();
    const next = await page.getByRole("button", { name: "Next step" }).boundingBox();
    const grid = await page.getByRole("grid").boundingBox();
    assert.ok(grid.y >= 0 && text.y >= grid.y + grid.height && text.y + text.height <= next.y && next.y + next.height <= 740,
      `grid ${grid.y}+${grid.height}, step ${text.y}+${text.height}, Next at ${next.y}`);
  }
  // Arrow keys move through the steps too; Escape goes back to the game.
  await page.keyboard.press("ArrowRight");
  await matches(() => page.locator("#explain-text").textContent(), /^Step 5 of/);
  await page.screenshot({ path: path.join(SHOTS, "phone-explain.png") });
  await page.keyboard.press("Escape");
  await equals(() => page.locator("#explain").isHidden(), true);
  await close(page);
});
