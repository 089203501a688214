// files.js -- opening puzzles from text: JSON as the program reads it,
// the page's reader against the program's on every JSON test file, and a
// broken file's message.
"use strict";

const H = require("./harness");
const { test, assert, fs, path, execFileSync, ROOT, WEB, BIN, SHOTS, CORPUS, FILE_URL,
  now, step, pageTest, until, matches, equals, open, close, status, cell, statusMatches, gridOf, keyOf,
  readSolution, typeGrid, goFresh, linkTo, focused, keypadBoxes } = H;

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
