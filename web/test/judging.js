// judging.js -- the library's judgements on the page: Check, Hint in
// three presses, the first hint's pencil marks, and Explain.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

pageTest("a wrong value is aria-invalid after Check, and the grid goes back to the last state without mistakes", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9h_06.keen")));
  await gridOf(page, 9);
  const sol = readSolution(path.join(CORPUS, "keen/keen_9h_06.sol"));
  await cell(page, 1, 1).click();
  await page.keyboard.press(String(sol[0][0]));
  await page.keyboard.press("ArrowRight");
  const wrong = (sol[0][1] % 9) + 1;
  await page.keyboard.press(String(wrong));
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  await statusMatches(page, /^There is a mistake in the grid/);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await statusMatches(page, /marked wrong/);
  await equals(() => cell(page, 1, 2).getAttribute("aria-invalid"), "true");
  await equals(() => cell(page, 1, 1).getAttribute("aria-invalid"), null);
  await page.getByRole("button", { name: "Back to the last state without mistakes" }).click();
  await statusMatches(page, /Back to the last state without mistakes/);
  await matches(() => cell(page, 1, 2).getAttribute("aria-label"), /^row 1, column 2, empty/);
  await matches(() => cell(page, 1, 1).getAttribute("aria-label"), new RegExp(`^row 1, column 1, ${sol[0][0]}`));
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await statusMatches(page, /no mistakes/);
  await close(page);
});

pageTest("pencil marks that leave out the solution's value are a mistake for Check and Hint alike", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9h_06.keen")));
  await gridOf(page, 9);
  const sol = readSolution(path.join(CORPUS, "keen/keen_9h_06.sol"));
  await cell(page, 1, 1).click();
  await page.keyboard.press("p");
  // Two marks, neither of them the solution's value.
  const marks = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((v) => v !== sol[0][0]).slice(0, 2);
  for (const v of marks) await page.keyboard.press(String(v));
  await page.keyboard.press("p");
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  await statusMatches(page, /^There is a mistake in the grid: the pencil marks of r1c1/);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await statusMatches(page, /marked wrong.*pencil marks of r1c1/);
  assert.equal(await cell(page, 1, 1).getAttribute("aria-invalid"), "true");
  assert.equal(await cell(page, 1, 2).getAttribute("aria-invalid"), null);
  await close(page);
});

// The candidates left in every cell, from the cells' accessible names.
async function candidatesLeft(page, n) {
  const names = await page.getByRole("gridcell").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label")));
  return names.map((name) => {
    const rest = name.replace(/^row \d+, column \d+, /, "").replace(/, (in the|in no|box) .*$/, "");
    if (rest === "empty") return Array.from({ length: n }, (_, i) => i + 1);
    if (rest.startsWith("candidates ")) return rest.slice(11).split(" ").map(Number);
    return [Number(rest)];
  });
}

pageTest("Hint in three presses gives three texts; applying the step brings the grid closer to the solution", async () => {
  for (const [puzzle, sol] of [["keen/keen_9n_06.keen", "keen/keen_9n_06.sol"],
    ["killer/killer_ki_05.solo", "killer/killer_ki_05.sol"]]) {
    const page = await open(FILE_URL, linkTo(path.join(CORPUS, puzzle)));
    await gridOf(page, 9);
    const hint = page.getByRole("button", { name: "Hint", exact: true });
    // On a grid without marks the first hint pencils in what the cages allow.
    await hint.click();
    await statusMatches(page, /^Hint: every cell now has the values its cage allows/);
    const texts = [];
    for (let k = 1; k <= 3; k++) {
      await hint.click();
      texts.push(await statusMatches(page, /^Hint/));
      // The next press waits for this one's text to be shown.
      await page.waitForFunction((t) => document.querySelector("[role=status]").textContent === t, texts[k - 1]);
    }
    assert.equal(new Set(texts).size, 3, texts.join(" | "));
    assert.ok(!/Look at/.test(texts[1]) && !/Look at/.test(texts[2]));
    const solution = readSolution(path.join(CORPUS, sol)).flat();
    const before = await candidatesLeft(page, 9);
    await page.getByRole("button", { name: "Apply the step" }).click();
    await statusMatches(page, /^Applied/);
    const after = await candidatesLeft(page, 9);
    const count = (g) => g.reduce((a, c) => a + c.length, 0);
    assert.ok(count(after) < count(before), "the step removed candidates or placed a value");
    after.forEach((c, i) => assert.ok(c.includes(solution[i]), `cell ${i} keeps its solution value`));
    await close(page);
  }
}, 6);

pageTest("Explain lists the steps; choosing one and moving with Next and Previous shows the grid at that point", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  await page.getByRole("button", { name: "Explain", exact: true }).click();
  // It warns that it shows the solution, and Cancel keeps the game.
  await page.getByRole("dialog", { name: "Show the whole solution?" }).waitFor();
  await page.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await page.locator("#explain").isHidden(), true);
  await page.keyboard.press("e");
  await page.getByRole("button", { name: "Show the solution" }).click();
  await statusMatches(page, /^Explanation: \d+ steps, level Easy/);
  const text = () => page.locator("#explain-text").textContent();
  await matches(() => text(), /^Step 1 of \d+/);
  await page.getByRole("button", { name: "Next step" }).click();
  await matches(() => text(), /^Step 2 of/);
  const steps = page.locator("#explain-steps button");
  const total = await steps.count();
  await steps.nth(total - 1).click();
  await matches(() => text(), new RegExp(`^Step ${total} of ${total}`));
  // Before the last step every cell is placed but those it places.
  const placed = (await candidatesLeft(page, 9)).filter((c) => c.length === 1).length;
  const last = await page.evaluate(() => game.explain.doc.steps.at(-1).placed.length);
  assert.ok(placed >= 81 - last, `${placed} cells placed before the last step, which places ${last}`);
  const highlighted = await page.locator("[role=gridcell].hl").count();
  assert.ok(highlighted >= 1, "the step's cells are highlighted");
  await page.getByRole("button", { name: "Previous step" }).click();
  await matches(() => text(), new RegExp(`^Step ${total - 1} of`));
  await page.screenshot({ path: path.join(SHOTS, "explain-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Back to the game" }).click();
  await close(page);
});

pageTest("the first hint on a grid without marks pencils in what every cage allows, in one undoable press; hints lead to digits", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9h_06.keen")));
  await gridOf(page, 9);
  const sol = readSolution(path.join(CORPUS, "keen/keen_9h_06.sol")).flat();
  await page.keyboard.press("h");
  await statusMatches(page, /^Hint: every cell now has the values its cage allows/);
  const marks = await candidatesLeft(page, 9);
  const names = await page.getByRole("gridcell").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label")));
  assert.ok(names.every((n) => / candidates /.test(n)), "every cell pencilled in");
  marks.forEach((c, i) => assert.ok(c.includes(sol[i]), `cell ${i} keeps ${sol[i]}`));
  assert.ok(marks.reduce((a, c) => a + c.length, 0) < 81 * 9, "the cages took values out");
  // The cages' marks are Check's too: no mistake.
  await page.keyboard.press("c");
  await statusMatches(page, /no mistakes/);
  // Then three presses give a digit, its cells highlighted.
  for (let k = 0; k < 3; k++) {
    const was = await status(page).textContent();
    await page.keyboard.press("h");
    await until("the next tier", () => status(page).textContent(), (t) => t !== was);
  }
  const text = await status(page).textContent();
  assert.match(text, /\br\d+c\d+ is \d+\b/);
  assert.ok(await page.locator("[role=gridcell].hl").count() >= 1, "the hint's cells are highlighted");
  await page.getByRole("button", { name: "Apply the step" }).click();
  await statusMatches(page, /^Applied/);
  const [, r, c, v] = /\br(\d+)c(\d+) is (\d+)\b/.exec(text);
  await matches(() => cell(page, r, c).getAttribute("aria-label"), new RegExp(`^row ${r}, column ${c}, ${v},`));
  // Undo twice: the digit, then the marks.
  await page.keyboard.press("u");
  await page.keyboard.press("u");
  await until("every cell empty again", () => page.getByRole("gridcell").evaluateAll((cs) => cs.every((e) => / empty, /.test(e.getAttribute("aria-label")))), (x) => x);
  await close(page);
});
