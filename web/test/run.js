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
// The tests are in files by concern, loaded here in order, over what
// they share (harness.js): solving.js, judging.js, editing.js,
// making.js, keeping.js, files.js, layout.js.
"use strict";

require("./harness");
require("./solving");
require("./judging");
require("./editing");
require("./making");
require("./keeping");
require("./files");
require("./layout");
