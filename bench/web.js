// web.js -- the page's speed, measured in headless Chromium beside the
// native library on the same work (bench/RESULTS.md, "The page").
//
//   make web build/web-bench-native && node bench/web.js
//
// In the page the library's calls are timed with performance.now() on
// the page's own engine (the WebAssembly build, main thread); natively
// build/web-bench-native times the same exported layer (web/cdok_web.c)
// linked with build/libcdok.a, after a warm-up of both (V8 optimises
// WebAssembly while it runs).  Generation and hints: medians over the
// same seeds and puzzles; solving: the mean of many runs of one puzzle
// (the browser's clock is too coarse for one fast solve), called
// straight into the module as the native harness calls it (engine.js,
// timeSolve): the JSON document is made in both, but not parsed.  "First
// puzzle" is from the start of loading the page from file:// to the
// grid on screen, median of 5 loads.
"use strict";

const path = require("node:path");
const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

const ROOT = path.resolve(__dirname, "..");
const { chromium } = require(path.join(ROOT, "web", "test", "node_modules", "playwright-core"));
const WEB = path.join(ROOT, "build", "web", "index.html");
const NATIVE = path.join(ROOT, "build", "web-bench-native");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SEEDS = 9;

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const native = (...args) => Number(execFileSync(NATIVE, args.map(String), { encoding: "utf8" }));
const fmt = (ms) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2)) + " ms";

async function firstPuzzle(browser, hash) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage();
    const t0 = Date.now();
    await page.goto("file://" + WEB + "#" + hash);
    await page.waitForFunction(() => document.querySelectorAll("[role=gridcell]").length > 0 && game.doc);
    times.push(Date.now() - t0);
    await page.close();
  }
  return median(times);
}

async function main() {
  for (const f of [WEB, NATIVE])
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: run make web build/web-bench-native`);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const page = await browser.newPage();
  await page.goto("file://" + WEB + "#p=" + encodeURIComponent("3\nA+3 B+3 C+3\nA B C\nA B C\n"));
  await page.waitForFunction(() => document.body.dataset.ready === "1");

  // V8 first runs WebAssembly from its baseline compiler and swaps in
  // optimised code when it is ready: warm up first, on other seeds, so
  // that the figures are those of a page in use.
  await page.evaluate(() => {
    for (let s = 101; s <= 106; s++) {
      engine.generate({ size: 9, level: "hard", seed: s });
      engine.generate({ size: 9, level: "advanced", killer: true, seed: s });
    }
  });

  const rows = [];
  const gen = async (label, size, level, killer) => {
    const wasm = await page.evaluate(([size, level, killer, n]) => {
      const t = [];
      for (let s = 1; s <= n; s++) {
        const t0 = performance.now();
        const d = engine.generate({ size, level, killer, seed: s });
        t.push(performance.now() - t0);
        if (!d.ok) throw new Error(d.error);
      }
      return t;
    }, [size, level, killer, SEEDS]);
    rows.push([label, median(wasm), native("gen", size, level, killer ? 1 : 0, 1, SEEDS)]);
  };
  await gen(`generate 9 x 9 Hard (seeds 1-${SEEDS}, median)`, 9, "hard", false);
  await gen(`generate Killer 9 x 9 Advanced (seeds 1-${SEEDS}, median)`, 9, "advanced", true);

  const hardFiles = [1, 2, 3, 4, 5, 6].map((i) => path.join(ROOT, `tests/data/corpus/keen/keen_9h_0${i}.keen`));
  const texts = hardFiles.map((f) => fs.readFileSync(f, "utf8"));
  const hint = await page.evaluate((texts) => texts.map((text) => {
    const d = engine.read(text);
    const n = d.puzzle.size;
    const t0 = performance.now();
    const h = engine.hint(d.spec, d.solution, new Array(n * n).fill(0), new Array(n * n).fill(0));
    const ms = performance.now() - t0;
    if (!h.ok || h.outcome !== "step") throw new Error("no hint");
    return ms;
  }), texts);
  rows.push(["hint on a fresh Keen 9 x 9 Hard (6 puzzles, median)", median(hint), null]);

  // Every hint of a whole solution: each step applied, as a player who
  // presses Hint and applies it all the way.
  for (const file of ["tests/data/corpus/keen/keen_9h_01.keen", "tests/data/corpus/killer/killer_ka_01.solo"]) {
    const chain = await page.evaluate((text) => {
      const d = engine.read(text), n = d.puzzle.size, t = [];
      let values = new Array(n * n).fill(0), marks = new Array(n * n).fill(0);
      for (;;) {
        const t0 = performance.now();
        const h = engine.hint(d.spec, d.solution, values, marks);
        t.push(performance.now() - t0);
        if (h.outcome !== "step") return { t, solved: h.outcome === "solved" };
        values = h.values.map((v) => (v > 0 ? v : 0));
        marks = h.candidates;
      }
    }, fs.readFileSync(path.join(ROOT, file), "utf8"));
    if (!chain.solved) throw new Error(`the hints did not solve ${file}`);
    rows.push([`hints chained to the end of ${path.basename(file)} (${chain.t.length} calls: median / slowest)`,
      median(chain.t), null, Math.max(...chain.t)]);
  }

  const solves = [
    ["tests/data/corpus/keen/keen_9u_06.keen", 2000],
    ["tests/data/corpus/killer/killer_ku_05.solo", 2000],
    ["bench/hard/sudoku_forum11_0001.txt", 2000],
    ["bench/sum9/sum9_001.spec", 20],
    ["bench/hard/sum9_7sol_a.spec", 3],
    ["bench/hard/rand12_slow.spec", 3],
  ];
  for (const [file, reps] of solves) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    const wasm = await page.evaluate(([text, reps]) => engine.timeSolve(text, reps), [text, reps]);
    rows.push([`solve ${path.basename(file)} (mean of ${reps})`, wasm, native("solve", path.join(ROOT, file), reps)]);
  }
  await page.close();

  const first = await firstPuzzle(browser, "p=" + encodeURIComponent(texts[0].trim()));
  const firstGen = await firstPuzzle(browser, "size=9&level=hard&seed=42");
  await browser.close();

  const version = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  console.log(`${version}; node ${process.version}; emcc -O2 (mk/web.mk)\n`);
  console.log("| work | page (WebAssembly) | native | ratio |");
  console.log("|---|---:|---:|---:|");
  for (const [label, w, n, max] of rows)
    console.log(`| ${label} | ${fmt(w)}${max === undefined ? "" : " / " + fmt(max)} | ` +
      `${n === null ? "-" : fmt(n)} | ${n ? (w / n).toFixed(2) + " x" : "-"} |`);
  console.log(`| first puzzle on screen, opened by #p= link (median of 5) | ${fmt(first)} | - | - |`);
  console.log(`| first puzzle on screen, #size=9&level=hard&seed=42 (median of 5) | ${fmt(firstGen)} | - | - |`);
}

main().catch((e) => {
  console.error("bench/web.js: " + e.message);
  process.exit(1);
});
