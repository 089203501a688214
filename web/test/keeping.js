// keeping.js -- what the page keeps and gives back: a reload, the timer
// while the tab is hidden, Share's links with and without progress,
// games in progress, and the service worker offline.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

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
  const page = await open(H.HTTP_URL, "size=5&level=easy&seed=1");
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
