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
//
// The tests are in files by concern, loaded in order, over what they
// share (harness.js): solving.js, judging.js, editing.js,
// making.js, keeping.js, files.js, layout.js.
"use strict";

// Run as the parent (no CDOK_WEB_SHARD): the tests in CDOK_WEB_JOBS
// processes (3 unless set), each with its own browser and server, their
// share decided by harness.js.  Most of a page test is waiting for the
// page, so several side by side take a fraction of the time, and a
// loaded machine slows them less.  Each process's report is printed whole,
// one after the other; the last line counts them.
if (!process.env.CDOK_WEB_SHARD) {
  const { spawn } = require("node:child_process");
  const jobs = Math.max(1, +process.env.CDOK_WEB_JOBS || 3);
  const runs = Array.from({ length: jobs }, (_, k) => new Promise((resolve) => {
    const child = spawn(process.execPath, [__filename], {
      env: { ...process.env, CDOK_WEB_SHARD: `${k}/${jobs}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => { out += d; });
    child.stderr.on("data", (d) => { out += d; });
    child.on("close", (code, signal) => resolve({ k, code: code === null ? 1 : code, signal, out }));
  }));
  Promise.all(runs).then((done) => {
    let failed = 0;
    for (const r of done) {
      process.stdout.write(`# page tests, process ${r.k + 1} of ${jobs}\n` + r.out);
      if (r.code !== 0) {
        failed++;
        console.log(`# process ${r.k + 1} of ${jobs} failed (exit ${r.code}${r.signal ? ", " + r.signal : ""})`);
      }
    }
    const count = (re) => done.reduce((n, r) => n + r.out.split("\n").filter((l) => re.test(l)).length, 0);
    console.log(`page tests: ${count(/^ok /)} passed, ${count(/^not ok /)} failed, in ${jobs} processes`);
    process.exitCode = failed ? 1 : 0;
  });
} else {
  require("./harness");
  require("./solving");
  require("./judging");
  require("./editing");
  require("./making");
  require("./keeping");
  require("./files");
  require("./layout");
}
