// editing.js -- changing the grid: undo and redo, pencil marks, a cage's
// combinations, candidates filled in, broken rules shown, marks cleared
// by a digit, and what the selected cell sees.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

pageTest("undo and redo, by buttons and by keys; pencil marks", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  const name = () => cell(page, 2, 3).getAttribute("aria-label");
  await cell(page, 2, 3).click();
  await page.keyboard.press("4");
  await matches(() => name(), /^row 2, column 3, 4/);
  await page.getByRole("button", { name: "Undo" }).click();
  await matches(() => name(), /^row 2, column 3, empty/);
  await page.getByRole("button", { name: "Redo" }).click();
  await matches(() => name(), /^row 2, column 3, 4/);
  await cell(page, 2, 3).click();
  await page.keyboard.press("Control+z");
  await matches(() => name(), /^row 2, column 3, empty/);
  await page.keyboard.press("Control+y");
  await matches(() => name(), /^row 2, column 3, 4/);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+Shift+Z");
  await matches(() => name(), /^row 2, column 3, 4/);
  await page.keyboard.press("Backspace");
  await matches(() => name(), /^row 2, column 3, empty/);
  const pencil = page.getByRole("button", { name: "Pencil" });
  await equals(() => pencil.getAttribute("aria-pressed"), "false");
  await page.keyboard.press("p");
  await equals(() => pencil.getAttribute("aria-pressed"), "true");
  await page.keyboard.press("2");
  await page.keyboard.press("7");
  await matches(() => name(), /^row 2, column 3, candidates 2 7/);
  await pencil.click();
  await equals(() => pencil.getAttribute("aria-pressed"), "false");
  await close(page);
});

pageTest("the selected cell's cage shows its combinations", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9h_01.keen")));
  await gridOf(page, 9);
  // keen_9h_01's first cage is 15+ over r1c1 and r1c2: 6 and 9, or 7 and 8.
  await cell(page, 1, 2).click();
  await page.getByRole("button", { name: "Cage combinations" }).click();
  const text = await statusMatches(page, /can hold/);
  assert.equal(text, "The 15+ cage at r1c1 (2 cells) can hold 6 9, or 7 8.");
  await equals(() => page.locator("[role=gridcell].hl").count(), 2);
  await close(page);
});

pageTest("Fill in candidates pencils in what the filled cells leave, and keeps it so", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  await page.getByText("Options").click();
  await page.getByLabel("Fill in candidates").check();
  await matches(() => cell(page, 1, 2).getAttribute("aria-label"), /^row 1, column 2, candidates 1 2 3 4 5 6 7 8 9/);
  await cell(page, 1, 1).click();
  await page.keyboard.press("4");
  await matches(() => cell(page, 1, 2).getAttribute("aria-label"), /^row 1, column 2, candidates 1 2 3 5 6 7 8 9/);
  await matches(() => cell(page, 2, 2).getAttribute("aria-label"), /^row 2, column 2, candidates 1 2 3 4 5 6 7 8 9/);
  await page.getByLabel("Fill in candidates").uncheck();
  await matches(() => cell(page, 1, 2).getAttribute("aria-label"), /^row 1, column 2, empty/);
  await close(page);
});

pageTest("a rule broken by a row is shown at once", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  await cell(page, 5, 1).click();
  await page.keyboard.press("3");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("3");
  await page.waitForFunction(() => document.querySelectorAll("[role=gridcell].conflict").length === 2);
  await close(page);
});

pageTest("a digit placed leaves the pencil marks of its row, column, box and cage (an option)", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "killer/killer_ka_05.solo")));
  await gridOf(page, 9);
  // Marks 1 2 3 in r1c2 (row), r2c1 (column), r2c2 (box) and r9c9 (none).
  for (const [r, c] of [[1, 2], [2, 1], [2, 2], [9, 9]]) {
    await cell(page, r, c).click();
    await page.keyboard.press("p");
    for (const v of ["1", "2", "3"]) await page.keyboard.press(v);
    await page.keyboard.press("p");
  }
  await cell(page, 1, 1).click();
  await page.keyboard.press("2");
  for (const [r, c] of [[1, 2], [2, 1], [2, 2]])
    await matches(() => cell(page, r, c).getAttribute("aria-label"), new RegExp(`^row ${r}, column ${c}, candidates 1 3,`));
  await matches(() => cell(page, 9, 9).getAttribute("aria-label"), /^row 9, column 9, candidates 1 2 3,/);
  await page.getByText("Options").click();
  await page.getByLabel("Take a placed digit out of the pencil marks").uncheck();
  await cell(page, 1, 1).click();
  await page.keyboard.press("3");
  await matches(() => cell(page, 1, 2).getAttribute("aria-label"), /^row 1, column 2, candidates 1 3,/);
  await close(page);
});

pageTest("the selected cell's row, column and cage are shown, and the cells holding its digit; coordinates label the grid", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  await cell(page, 1, 1).click();
  await page.keyboard.press("4");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("4");
  await equals(() => page.locator("[role=gridcell].same").count(), 2);
  // Row 2 and column 4, less the cell itself, at the least.
  assert.ok(await page.locator("[role=gridcell].peer").count() >= 16);
  assert.equal(await page.locator("#col-labels").textContent(), "c1c2c3c4c5c6c7c8c9");
  assert.equal(await page.locator("#row-labels").textContent(), "r1r2r3r4r5r6r7r8r9");
  await page.getByText("Options").click();
  await page.getByLabel("Show row and column labels").uncheck();
  await equals(() => page.locator("#col-labels").isVisible(), false);
  await close(page);
});
