// run.js -- the page's tests in a real browser (doc/WEB.md): Debian's
// chromium, headless, driven by playwright-core, which is told where the
// browser is (nothing is downloaded).  The page is opened from file://
// with Chromium's default settings and from a static server on
// 127.0.0.1, and used as a person uses it: by roles, names and keys.
// Every wait is for the page's state (a locator, waitForFunction, or
// until() polling what the page shows); no step waits for a time, and
// the timeouts, ten minutes, only bound a test that has already failed,
// however loaded the machine.  A failure names the step it was at and
// what each open page showed then: its status text and a screenshot.
//
//   CDOK_WEB=build/web CDOK_BIN=build/cdok CDOK_WEB_SHOTS=build/web-test \
//     node web/test/run.js          (make web-check does this)
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const http = require("node:http");
const { execFileSync } = require("node:child_process");

const ROOT = path.resolve(__dirname, "..", "..");
const WEB = process.env.CDOK_WEB || path.join(ROOT, "build", "web");
const BIN = process.env.CDOK_BIN || path.join(ROOT, "build", "cdok");
const SHOTS = process.env.CDOK_WEB_SHOTS || path.join(ROOT, "build", "web-test");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const CORPUS = path.join(ROOT, "tests", "data", "corpus");

let chromium;
try {
  ({ chromium } = require("playwright-core"));
} catch (e) {
  console.error("web tests: playwright-core is missing: run scripts/install-deps --test");
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`web tests: ${CHROMIUM} is missing: install Debian's chromium (scripts/install-deps --test)`);
  process.exit(1);
}
if (!fs.existsSync(path.join(WEB, "index.html"))) {
  console.error(`web tests: ${WEB}/index.html is missing: run make web`);
  process.exit(1);
}

const FILE_URL = "file://" + path.join(WEB, "index.html");
const STATE_TIMEOUT = +process.env.CDOK_WEB_TIMEOUT || 600000;
let browser, server, HTTP_URL;

// A static server for build/web on the loopback interface only.
function serve() {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
    ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml" };
  return new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
      const file = path.join(WEB, name === "/" ? "index.html" : name);
      if (!file.startsWith(WEB) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream" });
      fs.createReadStream(file).pipe(res);
    });
    s.listen(0, "127.0.0.1", () => resolve(s));
  });
}

test.before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM });
  server = await serve();
  HTTP_URL = `http://127.0.0.1:${server.address().port}/`;
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

// The step the running test is at and the pages it has open, for the
// report of a failure (failed()).
const now = { test: "", step: "", pages: new Set() };
const step = (what) => { now.step = what; };

// A test of the page: on failure, its error says which step failed and
// what every open page showed then.
function pageTest(name, fn) {
  test(name, async (t) => {
    Object.assign(now, { test: name, step: "the start", pages: new Set() });
    try {
      await fn(t);
    } catch (e) {
      throw await failed(e);
    }
  });
}

// The error e with the step and the pages' state added to its message.
async function failed(e) {
  const lines = [`  at step: ${now.step}`];
  let k = 0;
  for (const page of now.pages) {
    if (page.isClosed()) continue;
    const shot = path.join(SHOTS, `failed-${now.test.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 60)}-${++k}.png`);
    const status = await page.evaluate(() => {
      const s = document.querySelector("[role=status]");
      return s ? s.textContent : "(no status region)";
    }).catch((err) => `(unreadable: ${err.message.split("\n")[0]})`);
    const saved = await page.screenshot({ path: shot, fullPage: true, timeout: 60000 })
      .then(() => shot, (err) => `(no screenshot: ${err.message.split("\n")[0]})`);
    lines.push(`  page ${k} (${page.url().slice(0, 80)}): status "${status}"; screenshot ${saved}`);
  }
  try {
    e.message += "\n" + lines.join("\n");
  } catch {
    return new Error(String(e) + "\n" + lines.join("\n"), { cause: e });
  }
  return e;
}

// Poll get() until ok(value), as expect.poll does: the page's state, not
// a time, ends the wait.  Returns the value; fails, naming what, after
// STATE_TIMEOUT.
async function until(what, get, ok) {
  step(what);
  const deadline = Date.now() + STATE_TIMEOUT;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) {
      throw new assert.AssertionError({ message: `${what}: still ${JSON.stringify(v)}` });
    }
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 20));
  }
}
const matches = (get, re) => until(`until ${get.toString().replace(/^\(\) => /, "")} matches ${re}`, get,
  (v) => v !== null && re.test(v));
const equals = (get, want) => until(`until ${get.toString().replace(/^\(\) => /, "")} is ${JSON.stringify(want)}`, get,
  (v) => v === want);

// A new page that records console errors and every request that would
// leave the machine (those are refused, and fail the test).
async function open(base, hash, viewport, setup) {
  const context = await browser.newContext({ viewport: viewport || { width: 1280, height: 900 } });
  if (setup) await setup(context);
  const page = await context.newPage();
  page.setDefaultTimeout(STATE_TIMEOUT);
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (/^(file|blob|data):/.test(url) || url.startsWith(HTTP_URL)) return route.continue();
    problems.push("request leaving the machine: " + url);
    return route.abort();
  });
  page.problems = problems;
  now.pages.add(page);
  step(`open ${hash ? "#" + hash.slice(0, 60) : "the page"}`);
  await page.goto(base + (hash ? "#" + hash : ""));
  await page.waitForFunction(() => document.body.dataset.ready === "1");
  return page;
}

async function close(page) {
  const problems = page.problems.slice();
  await page.context().close();
  assert.deepEqual(problems, [], "no console error and no request leaving the machine");
}

const status = (page) => page.getByRole("status");
const cell = (page, r, c) => page.getByRole("gridcell", { name: new RegExp(`^row ${r}, column ${c},`) });

// Wait until the status region's text matches.
async function statusMatches(page, re) {
  step(`wait for the status to match ${re}`);
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("[role=status]").textContent),
    re.source);
  return status(page).textContent();
}

// Wait until a puzzle of this many rows is on the grid.
async function gridOf(page, n) {
  step(`wait for a ${n} x ${n} grid`);
  await page.waitForFunction((k) => document.querySelectorAll("[role=gridcell]").length === k * k, n);
}

const keyOf = (v) => (v < 10 ? String(v) : { 10: "0", 11: "a", 12: "b" }[v]);

function readSolution(file) {
  return fs.readFileSync(file, "utf8").trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
}

// Type a whole grid with the keyboard: a value, then an arrow key.
async function typeGrid(page, rows) {
  const n = rows.length;
  step(`type a ${n} x ${n} grid`);
  await cell(page, 1, 1).click();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      await page.keyboard.press(keyOf(rows[r][c]));
      if (c < n - 1) await page.keyboard.press("ArrowRight");
    }
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Home");
  }
}

// Open another puzzle by its address, with nothing kept from earlier
// runs, and wait until it is on the grid.
async function goFresh(page, hash) {
  step(`open #${hash.slice(0, 60)}`);
  await page.evaluate((h) => { localStorage.clear(); location.hash = h; }, hash);
  await page.waitForFunction((h) => game.source && game.source.hash === h, hash);
}

const linkTo = (file) => "p=" + encodeURIComponent(fs.readFileSync(file, "utf8").trim());

// ---- the tests ----

pageTest("held-out Keen 9 x 9 of every level and Solo Killers, opened by link, typed in, end Solved", async () => {
  // web/test/heldout: made by Tatham's generators for this test alone
  // (scripts/make-web-heldout), at the level the page must show.
  const LEVEL = { e: "Easy", n: "Normal", h: "Hard", x: "Extreme", u: "Unreasonable",
    t: "Trivial", b: "Basic", i: "Intermediate", a: "Advanced" };
  const HELD = path.join(__dirname, "heldout");
  const files = fs.readdirSync(HELD).filter((f) => /\.(keen|solo)$/.test(f)).sort();
  assert.equal(files.length, 16, files.join(" "));
  const page = await open(FILE_URL, "");
  for (const puzzle of files) {
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
  await page.screenshot({ path: path.join(SHOTS, "solved-1280.png"), fullPage: true });
  await close(page);
});

pageTest("a Killer X with cells in no cage (SudoCue's line): diagonals tinted, no outline round a bare cell, typed in, ends Solved", async () => {
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
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push([...sol.slice(9 * r, 9 * r + 9)].map(Number));
  await typeGrid(page, rows);
  const text = await statusMatches(page, /Solved/);
  assert.match(text, /Solved! Your time: \d+:\d\d/);
  await close(page);
});

pageTest("from a static server on 127.0.0.1: a 12 x 12 typed with 0, a and b ends Solved", async () => {
  const page = await open(HTTP_URL, "size=12&level=easy&seed=3");
  await gridOf(page, 12);
  const sol = await page.evaluate(() => game.doc.solution);
  const rows = [];
  for (let r = 0; r < 12; r++) rows.push(sol.slice(r * 12, r * 12 + 12));
  await typeGrid(page, rows);
  await statusMatches(page, /Solved/);
  await close(page);
});

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
});

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

pageTest("reload restores the game; Start over clears it", async () => {
  const page = await open(FILE_URL, "");
  await goFresh(page, linkTo(path.join(CORPUS, "keen/keen_9n_06.keen")));
  await gridOf(page, 9);
  await cell(page, 3, 4).click();
  await page.keyboard.press("6");
  await page.keyboard.press("p");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("1");
  await page.keyboard.press("5");
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "1");
  await gridOf(page, 9);
  await statusMatches(page, /restored/);
  await matches(() => cell(page, 3, 4).getAttribute("aria-label"), /^row 3, column 4, 6/);
  await matches(() => cell(page, 3, 5).getAttribute("aria-label"), /^row 3, column 5, candidates 1 5/);
  // The page opened again without an address comes back to it.
  const again = await page.context().newPage();
  now.pages.add(again);
  await again.goto(FILE_URL);
  await again.waitForFunction(() => document.body.dataset.ready === "1");
  await statusMatches(again, /restored/);
  await matches(() => cell(again, 3, 4).getAttribute("aria-label"), /^row 3, column 4, 6/);
  await again.close();
  await page.getByText("Options").click();
  await page.getByRole("button", { name: "Start over" }).click();
  await page.getByRole("dialog", { name: "Start over?" }).getByRole("button", { name: "Start over" }).click();
  await matches(() => cell(page, 3, 4).getAttribute("aria-label"), /^row 3, column 4, empty/);
  await matches(() => cell(page, 3, 5).getAttribute("aria-label"), /^row 3, column 5, empty/);
  // Undo brings the grid back.
  await page.keyboard.press("u");
  await matches(() => cell(page, 3, 4).getAttribute("aria-label"), /^row 3, column 4, 6/);
  await matches(() => cell(page, 3, 5).getAttribute("aria-label"), /^row 3, column 5, candidates 1 5/);
  await close(page);
});

// The page's time is Playwright's clock (Date, timers and performance.now
// faked, and moved on only by the test), and the tab is hidden and shown
// as Chromium tells a page: document.hidden, visibilityState and a
// visibilitychange event.  No wall time is waited for.
pageTest("the timer stops while the tab is hidden and runs on when it is shown", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9n_06.keen")), null,
    (context) => context.clock.install());
  await gridOf(page, 9);
  await page.clock.pauseAt(Date.now() + 2000);
  const played = () => page.evaluate(() => clockMs());
  const timer = () => page.locator("#timer").textContent();
  const setHidden = (hidden) => page.evaluate((h) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
  const t0 = await played();
  await page.clock.runFor(5000);
  const t1 = await played();
  assert.equal(t1 - t0, 5000, "the clock runs while the tab is shown");
  await setHidden(true);
  await page.clock.runFor(10 * 60 * 1000);
  assert.equal(await played(), t1, "ten minutes hidden are not counted");
  // What was played is kept when the tab goes away.
  const saved = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith("cdok:game:")).map((k) => JSON.parse(localStorage.getItem(k)).elapsed));
  assert.deepEqual(saved, [t1]);
  await setHidden(false);
  await page.clock.runFor(3000);
  const t2 = await played();
  assert.equal(t2 - t1, 3000, "the clock runs again once the tab is shown");
  const secs = Math.floor(t2 / 1000);
  assert.equal(await timer(), `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`);
  await close(page);
});

pageTest("JSON puzzles open as the program reads them; a broken one gets jansson's message", async () => {
  const page = await open(FILE_URL, "");
  // cdok's own documents (made here by the program) and Barium's Killer JSON.
  const mine = path.join(SHOTS, "keen_9h_06.json");
  fs.writeFileSync(mine, execFileSync(BIN, ["convert", "--to", "json", path.join(CORPUS, "keen/keen_9h_06.keen")]));
  for (const [file, format] of [[mine, "json"], [path.join(CORPUS, "killer/barium_expert-1.json"), "killer"]]) {
    const native = execFileSync(BIN, ["convert", "--to", "spec", file], { encoding: "utf8" });
    await page.getByRole("button", { name: "Open" }).click();
    await page.getByLabel("Puzzle text").fill(fs.readFileSync(file, "utf8"));
    await page.getByRole("button", { name: "Open puzzle" }).click();
    await page.waitForFunction((spec) => game.doc && game.doc.spec === spec, native);
    assert.equal(await page.evaluate(() => game.doc.format), format);
  }
  const broken = '{\n  "format": "cdok-puzzle",\n  "size": 4,\n  "x": tru\n}\n';
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByLabel("Puzzle text").fill(broken);
  await page.getByRole("button", { name: "Open puzzle" }).click();
  const text = await statusMatches(page, /cannot be read/);
  assert.ok(text.endsWith("line 4, column 10: JSON: invalid token near 'tru'"), text);
  await page.getByRole("button", { name: "Cancel" }).click();
  await close(page);
});

// Every JSON file of tests/data and web/test/json: the page's reader
// (built natively over the jansson source the page is compiled from)
// and the program (over Debian's libjansson) give the same spec, or the
// same message at the same place.
pageTest("the page's JSON reader agrees with the program's on every JSON test file", () => {
  const READ = process.env.CDOK_JSON_READ || path.join(ROOT, "build", "web-json-read");
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith(".json")) files.push(f);
    }
  };
  walk(path.join(ROOT, "tests", "data"));
  walk(path.join(__dirname, "json"));
  assert.ok(files.length > 100, `${files.length} files`);
  let errors = 0;
  for (const f of files) {
    const page = JSON.parse(execFileSync(READ, [f], { encoding: "utf8" }));
    let out = "", err = "", code = 0;
    try {
      out = execFileSync(BIN, ["convert", "--to", "spec", f], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      ({ stdout: out, stderr: err, status: code } = e);
    }
    if (page.ok) {
      assert.equal(code, 0, f);
      assert.equal(page.spec, out.split("\n\n")[0].replace(/\n*$/, "\n"), f);
      continue;
    }
    const m = /:(\d+):(\d+): (.*?)(?: \(read as .*\))?$/m.exec(err);
    if (!m) {
      // A puzzle the program reads but cannot write as a spec: the page
      // refuses it, saying the same.
      assert.match(err, /cannot be written as spec: (.*)/, f);
      assert.ok(page.error.endsWith(/cannot be written as spec: (.*)/.exec(err)[1].trim()), f);
      continue;
    }
    errors++;
    assert.deepEqual([page.line, page.column, page.error], [+m[1], +m[2], m[3]], f);
  }
  assert.ok(errors >= 25, `${errors} broken files compared`);
});

pageTest("a broken file pasted: cdok's message with line and column", async () => {
  const page = await open(FILE_URL, linkTo(path.join(CORPUS, "keen/keen_9e_06.keen")));
  await gridOf(page, 9);
  const broken = "A+3 A B*2\nA 1\nC-1 C B\n";
  const file = path.join(SHOTS, "broken.spec");
  fs.writeFileSync(file, broken);
  let native = "";
  try {
    execFileSync(BIN, ["solve", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    native = e.stderr;
  }
  // The program adds how it chose the format; the message is the rest.
  const m = /broken\.spec:(\d+):(\d+): (.*?)(?: \(read as .*\))?$/m.exec(native);
  assert.ok(m, native);
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByLabel("Puzzle text").fill(broken);
  await page.getByRole("button", { name: "Open puzzle" }).click();
  const text = await statusMatches(page, /cannot be read/);
  assert.ok(text.includes(`line ${m[1]}, column ${m[2]}: ${m[3]}`), `${text} / ${native}`);
  await page.getByRole("button", { name: "Cancel" }).click();
  await close(page);
});

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
});

pageTest("Share puts the puzzle in the address, and the link opens the same puzzle", async () => {
  const page = await open(FILE_URL, "size=6&level=normal&seed=9");
  await gridOf(page, 6);
  await page.getByRole("button", { name: "Share" }).click();
  assert.match(await statusMatches(page, /^Link to this puzzle/), /#size=6&level=normal&seed=9$/);
  await page.evaluate(() => { location.hash = ""; });
  await goFresh(page, linkTo(path.join(CORPUS, "killer/killer_kb_05.solo")));
  await gridOf(page, 9);
  const names = () => page.getByRole("gridcell").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label")));
  const before = await names();
  await page.getByRole("button", { name: "Share" }).click();
  const link = (await statusMatches(page, /^Link to this puzzle/)).replace(/^Link to this puzzle: /, "");
  assert.match(link, /#p=3x3k/);
  const other = await open(link, "");
  await gridOf(other, 9);
  assert.deepEqual(await other.getByRole("gridcell").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label"))),
    before);
  await close(other);
  await close(page);
});

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

// ---- issue 40: the page a player comes back to ----

// The selected cell, as a screen reader hears it.
const focused = (page) => page.evaluate(() => document.activeElement && document.activeElement.getAttribute("aria-label"));

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

// The keypad's buttons, where they are on the screen.
const keypadBoxes = (page) => page.locator("#keypad button").evaluateAll((bs) => bs.map((b) => {
  const r = b.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom].map((x) => Math.round(x));
}));

pageTest("phone 360 x 740: grid and keypad on screen, the keypad fixed at the bottom through three hints; clues of 11 px or more", async () => {
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
    for (let k = 0; k < 3; k++) {
      const was = await status(page).textContent();
      await page.getByRole("button", { name: "Hint", exact: true }).click();
      await until("a new hint", () => status(page).textContent(), (t) => t !== was);
    }
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
    await page.screenshot({ path: path.join(SHOTS, `phone-${path.basename(puzzle)}-3-hints.png`) });
    await close(page);
  }
});

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
});

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

pageTest("the share link can carry the progress; games in progress are listed and go back", async () => {
  const page = await open(FILE_URL, "");
  await goFresh(page, linkTo(path.join(CORPUS, "keen/keen_9n_06.keen")));
  await gridOf(page, 9);
  await cell(page, 2, 3).click();
  await page.keyboard.press("7");
  await page.keyboard.press("s");
  await page.getByRole("button", { name: "Link with my progress" }).click();
  const link = (await statusMatches(page, /with your progress/)).replace(/^.*?: /, "");
  assert.match(link, /&g=[.1-9]{81}$/);
  const other = await open(link, "");
  await gridOf(other, 9);
  await matches(() => cell(other, 2, 3).getAttribute("aria-label"), /^row 2, column 3, 7,/);
  await close(other);
  // A second game, then back to the first from the list.
  await page.evaluate(() => { location.hash = "size=5&level=easy&seed=2"; });
  await gridOf(page, 5);
  await cell(page, 1, 1).click();
  await page.keyboard.press("3");
  await page.getByText("Options").click();
  await page.getByRole("button", { name: "Games in progress" }).click();
  const dialog = page.getByRole("dialog", { name: "Games in progress" });
  await dialog.getByRole("button", { name: /^9 × 9 Calcudoku .*: 80 cells to go/ }).click();
  await gridOf(page, 9);
  await matches(() => cell(page, 2, 3).getAttribute("aria-label"), /^row 2, column 3, 7,/);
  await close(page);
});

pageTest("over http the page installs its service worker and opens offline after the first visit", async () => {
  const page = await open(HTTP_URL, "size=5&level=easy&seed=1");
  await gridOf(page, 5);
  step("wait until the service worker controls the page");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.equal(await page.evaluate(() => document.querySelector("link[rel=manifest]").getAttribute("href")), "manifest.webmanifest");
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "1");
  await gridOf(page, 5);
  await page.context().setOffline(false);
  await close(page);
});
