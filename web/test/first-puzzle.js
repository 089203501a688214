// first-puzzle.js -- how long the page takes to show its first puzzle
// (issue 40's bar: at most 0.6 s, and 2.5 s with the CPU slowed 4x as
// DevTools' mid-range phone).  Not a test (make web-check asserts no
// time): a measurement, printed, over runs fresh pages opened with no
// address and nothing kept, from file:// as a person opens the page.
//
//   node web/test/first-puzzle.js [build/web] [runs]
"use strict";
const path = require("node:path");
const { chromium } = require("playwright-core");

const WEB = path.resolve(process.argv[2] || path.join(__dirname, "..", "..", "build", "web"));
const RUNS = +(process.argv[3] || 5);

(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium" });
  for (const rate of [1, 4]) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await page.goto("file://" + path.join(WEB, "index.html"));
      // From navigation start to the first grid with its cells on screen.
      await page.waitForFunction(() => document.querySelectorAll("[role=gridcell]").length > 0, null, { timeout: 120000 });
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(`CPU slowed ${rate}x: first puzzle on screen after ${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s ` +
      `(median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s, worst ${(times.at(-1) / 1000).toFixed(2)} s)`);
  }
  await browser.close();
})();
