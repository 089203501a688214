// harness.js -- what the page's tests share (run.js loads them): the
// browser and the static server, started once; pageTest, which names
// the failing step and shows what each page showed; waits for the
// page's state (until, matches, equals, statusMatches, gridOf); and ways
// to open, type into and read the page.
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

// The tests run in CDOK_WEB_SHARD's share ("K/N": the K'th of N
// processes, run.js starts them); each test goes to the process with
// the least work so far, its cost the seconds it takes on a loaded
// machine (3 unless given), in the order the files declare them.  Every
// process works the same assignment out and keeps its own.
const [SHARD, SHARDS] = (process.env.CDOK_WEB_SHARD || "0/1").split("/").map(Number);
const shardWork = new Array(SHARDS).fill(0);

// A test of the page: on failure, its error says which step failed and
// what every open page showed then.
function pageTest(name, fn, cost = 3) {
  const mine = shardWork.indexOf(Math.min(...shardWork));
  shardWork[mine] += cost;
  if (mine !== SHARD) return;
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

// The selected cell, as a screen reader hears it.
const focused = (page) => page.evaluate(() => document.activeElement && document.activeElement.getAttribute("aria-label"));

// The keypad's buttons, where they are on the screen.
const keypadBoxes = (page) => page.locator("#keypad button").evaluateAll((bs) => bs.map((b) => {
  const r = b.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom].map((x) => Math.round(x));
}));

module.exports = {
  test, assert, fs, path, execFileSync,
  ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  // Known once the server is up (test.before).
  get HTTP_URL() { return HTTP_URL; },
  now, step, pageTest, until, matches, equals, open, close, status, cell,
  statusMatches, gridOf, keyOf, readSolution, typeGrid, goFresh, linkTo,
  focused, keypadBoxes,
};
