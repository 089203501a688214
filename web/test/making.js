// making.js -- New puzzle: generation in the Worker (the program's
// puzzles, byte for byte), cancelling, plain Sudoku and hidden operators,
// and the levels a size can have.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

pageTest("generate at a level in the Worker: the level is shown, and the puzzle is the one build/cdok makes", async () => {
  const page = await open(FILE_URL, "");
  const cases = [
    ["size=9&level=hard&seed=42", ["-s", "9", "--level", "hard", "--seed", "42"]],
    ["size=9&level=advanced&seed=7&killer", ["--killer", "--level", "advanced", "--seed", "7"]],
    ["size=6&level=basic&seed=3&killer", ["-s", "6", "--killer", "--level", "basic", "--seed", "3"]],
    ["size=5&level=normal&seed=11&ops=mul&T", ["-s", "5", "--ops", "mul", "-T", "--level", "normal", "--seed", "11"]],
    ["size=6&seed=8&ops=+-", ["-s", "6", "--ops", "+-", "--seed", "8"]],
  ];
  for (const [hash, args] of cases) {
    const native = execFileSync(BIN, [...args, "generate"], { encoding: "utf8" });
    await page.evaluate((h) => { location.hash = h; }, hash);
    // The page writes the address back with the + encoded.
    await page.waitForFunction((h) => game.source && game.source.hash === h && game.doc.text,
      hash.replace("+", "%2B"));
    assert.equal(await page.evaluate(() => game.doc.text), native, hash);
  }
  // Through the dialog, as a person does it.
  await page.getByRole("button", { name: "New puzzle" }).click();
  await page.getByLabel("Kind").selectOption("calcudoku");
  await page.getByLabel("Size").selectOption("7");
  await page.getByLabel("Level").selectOption("hard");
  await page.getByLabel("Seed").fill("2024");
  await page.getByRole("button", { name: "Make" }).click();
  await page.waitForFunction(() => /7 × 7 Calcudoku · Hard · seed 2024/.test(document.querySelector("#info").textContent));
  assert.equal(await page.evaluate(() => game.doc.text),
    execFileSync(BIN, ["-s", "7", "--level", "hard", "--seed", "2024", "generate"], { encoding: "utf8" }));
  // A seed that gives no 6 x 6 Extreme Killer: the library's words, and
  // another seed offered (seed 2 makes one).
  await page.evaluate(() => { location.hash = "size=6&level=extreme&seed=1&killer"; });
  assert.match(await statusMatches(page, /No puzzle/), /found no Extreme Killer puzzle/);
  await page.getByRole("button", { name: "Try another seed" }).waitFor();
  // A level that does not exist at a size is refused in the library's words.
  await page.evaluate(() => { location.hash = "size=3&level=hard&seed=1"; });
  const text = await statusMatches(page, /No puzzle: there are no Hard/);
  assert.match(text, /there are no Hard puzzles of size 3 x 3: Normal is the hardest level at that size/);
  await close(page);
});

pageTest("a generation can be cancelled", async () => {
  const page = await open(FILE_URL, "");
  await page.evaluate(() => { location.hash = "size=25&killer&seed=1"; });
  await page.getByRole("button", { name: "Cancel" }).click();
  await statusMatches(page, /^Cancelled/);
  await close(page);
});

pageTest("plain Sudoku and hidden operators by link are the program's puzzles, and play to Solved", async () => {
  const page = await open(FILE_URL, "");
  const cases = [
    ["sudoku&level=advanced&seed=42", ["--sudoku", "-s", "9", "--level", "advanced", "--seed", "42"], /9 × 9 Sudoku · Advanced · seed 42/],
    ["hide-ops&size=6&level=normal&seed=5", ["-s", "6", "--hide-ops", "--level", "normal", "--seed", "5"], /6 × 6 Calcudoku, hidden operators · Normal/],
    ["size=9&seed=7&killer", ["--killer", "--seed", "7"], /9 × 9 Killer Sudoku · Basic/],
  ];
  for (const [hash, args, info] of cases) {
    const native = execFileSync(BIN, [...args, "generate"], { encoding: "utf8" });
    await page.evaluate((h) => { localStorage.clear(); location.hash = h; }, hash);
    await until(`${hash} made`, () => page.evaluate(() => game.doc && game.doc.text), (t) => t === native);
    await matches(() => page.locator("#info").textContent(), info);
  }
  // The hidden operators' clues show the target alone; it plays to Solved.
  await page.evaluate(() => { location.hash = "hide-ops&size=6&level=normal&seed=5"; });
  await gridOf(page, 6);
  assert.ok(await page.locator(".clue").evaluateAll((cs) => cs.every((c) => /^\d+$/.test(c.textContent))));
  let sol = await page.evaluate(() => game.doc.solution);
  await typeGrid(page, Array.from({ length: 6 }, (_, r) => sol.slice(r * 6, r * 6 + 6)));
  await statusMatches(page, /Solved/);
  await page.evaluate(() => { location.hash = "sudoku&level=advanced&seed=42"; });
  await page.waitForFunction(() => game.doc && game.doc.puzzle.size === 9 && !game.doc.puzzle.cages.length);
  sol = await page.evaluate(() => game.doc.solution);
  const givens = await page.evaluate(() => game.doc.puzzle.givens);
  await cell(page, 1, 1).click();
  for (let i = 0; i < 81; i++) {
    if (givens[i] <= 0) {
      await page.keyboard.press(String(sol[i]));
    }
    if (i % 9 < 8) await page.keyboard.press("ArrowRight");
    else {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Home");
    }
  }
  await statusMatches(page, /Solved/);
  await close(page);
}, 25);

pageTest("New puzzle offers Sudoku and hidden operators, and only the levels a size can have", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  await page.keyboard.press("n");
  const levels = () => page.getByLabel("Level").locator("option").allTextContents();
  await page.getByLabel("Kind").selectOption("calcudoku");
  await page.getByLabel("Size").selectOption("3");
  assert.deepEqual(await levels(), ["Easy", "Normal"]);
  await page.getByLabel("Size").selectOption("4");
  assert.deepEqual(await levels(), ["Easy", "Normal", "Hard", "Extreme", "Unreasonable"]);
  await page.getByLabel("Kind").selectOption("sudoku6");
  assert.deepEqual(await levels(), ["Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable"]);
  await page.getByLabel("Level").selectOption("basic");
  await page.getByLabel("Seed").fill("3");
  await page.getByRole("button", { name: "Make" }).click();
  await page.waitForFunction(() => /6 × 6 Sudoku · Basic · seed 3/.test(document.querySelector("#info").textContent));
  assert.equal(await page.evaluate(() => game.doc.text),
    execFileSync(BIN, ["--sudoku", "-s", "6", "--level", "basic", "--seed", "3", "generate"], { encoding: "utf8" }));
  // A Sudoku cell names its box.
  // 2 x 3 boxes: r4c4 is in the fourth.
  await matches(() => cell(page, 4, 4).getAttribute("aria-label"), /, box 4$/);
  await page.keyboard.press("n");
  await page.getByLabel("Kind").selectOption("hidden");
  await page.getByLabel("Size").selectOption("5");
  await page.getByLabel("Level").selectOption("easy");
  await page.getByLabel("Seed").fill("4");
  await page.getByRole("button", { name: "Make" }).click();
  await page.waitForFunction(() => /5 × 5 Calcudoku, hidden operators · Easy · seed 4/.test(document.querySelector("#info").textContent));
  assert.equal(await page.evaluate(() => game.doc.text),
    execFileSync(BIN, ["-s", "5", "--hide-ops", "--level", "easy", "--seed", "4", "generate"], { encoding: "utf8" }));
  await close(page);
});
