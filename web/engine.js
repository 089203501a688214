// engine.js -- the library's calls (web/cdok_web.c) as JavaScript
// functions that return plain objects.  The WebAssembly module comes
// from cdokWasmFactory (the emscripten output wrapped in a function by
// mk/web.mk), so the same text can start it in the page and in a Worker.

// The largest text the page passes to the library: strings go through
// the module's stack.
const CDOK_MAX_TEXT = 1 << 20;

function cdokEngine(M) {
  function call(name, types, args) {
    const ptr = M.ccall(name, "number", types, args);
    if (!ptr) return { ok: false, error: "out of memory", line: 0, column: 0 };
    const text = M.UTF8ToString(ptr);
    M._cw_free(ptr);
    return JSON.parse(text);
  }
  const csv = (a) => (a ? Array.from(a).join(",") : "");
  const S = "string", N = "number";
  return {
    version: () => M.ccall("cw_version", S, [], []),
    read(text) {
      if (text.length > CDOK_MAX_TEXT)
        return { ok: false, error: "the text is over 1 MB: no puzzle is that long", line: 0, column: 0 };
      return call("cw_read", [S], [text]);
    },
    // o.kind: "calcudoku" (the default), "killer" (or o.killer) or
    // "sudoku"; o.hideOps: Calcudoku with hidden operators.
    generate: (o) => call("cw_generate", [N, S, S, N, N, N, N, S, N],
      [o.size, o.level || "", o.ops || "", o.twoCell ? 1 : 0,
       o.kind === "sudoku" ? 2 : o.kind === "killer" || o.killer ? 1 : 0,
       o.boxRows || 0, o.boxCols || 0, String(o.seed), o.hideOps ? 1 : 0]),
    // place: the next digit to write (the library's place hints).
    hint: (spec, solution, values, marks, place) =>
      call("cw_hint", [S, S, S, S, N], [spec, csv(solution), csv(values), csv(marks), place ? 1 : 0]),
    cageMarks: (spec, values) => call("cw_cage_marks", [S, S], [spec, csv(values)]),
    check: (spec, solution, values, marks) =>
      call("cw_check", [S, S, S, S], [spec, csv(solution), csv(values), csv(marks)]),
    explain: (spec, solution, brief) => call("cw_explain", [S, S, N], [spec, csv(solution), brief ? 1 : 0]),
    // Every cell's peers by the grid alone (rows, columns, boxes,
    // diagonals): the library's geometry, so that the page has none.
    peers: (spec) => call("cw_peers", [S], [spec]),
    combos: (spec, cell) => call("cw_combos", [S, N], [spec, cell]),
    // The level names a kind (0 Calcudoku, 1 Killer, 2 Sudoku) and size
    // can have, easiest first.
    levels: (kind, size) => call("cw_levels", [N, N], [kind, size]).levels,
    solve: (text) => call("cw_solve", [S], [text]),
    // For bench/web.js: the mean time of one cw_solve on a text, over
    // reps calls straight into the module (no string copies, no JSON
    // parsing), as the native harness times it.
    timeSolve(text, reps) {
      const size = text.length * 4 + 1, ptr = M._malloc(size);
      M.stringToUTF8(text, ptr, size);
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) M._cw_free(M._cw_solve(ptr));
      const ms = (performance.now() - t0) / reps;
      M._free(ptr);
      return ms;
    },
  };
}

// The Worker that generates puzzles, so that the page never freezes: its
// code is this module's text and workerMain's, started from a Blob URL
// (a page opened from file:// may not start a Worker from a file).
function workerMain() {
  let engine = null;
  self.onmessage = async (e) => {
    if (!engine) engine = cdokEngine(await cdokWasmFactory()());
    const t0 = performance.now();
    const doc = engine.generate(e.data);
    doc.ms = performance.now() - t0;
    self.postMessage(doc);
  };
}

function cdokWorkerUrl() {
  const src = [
    "const CDOK_MAX_TEXT = " + CDOK_MAX_TEXT + ";",
    cdokWasmFactory.toString(),
    cdokEngine.toString(),
    "(" + workerMain.toString() + ")();",
  ].join("\n");
  return URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
}

// Generation in the Worker: one at a time; cancel() ends the Worker (a
// running generation cannot be interrupted otherwise) and the next call
// starts a fresh one.
class CdokGenerator {
  constructor() {
    this.url = null;
    this.worker = null;
    this.pending = null;
  }
  make(options) {
    this.cancel();
    if (!this.url) this.url = cdokWorkerUrl();
    if (!this.worker) this.worker = new Worker(this.url);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.onmessage = (e) => {
        this.pending = null;
        resolve(e.data);
      };
      this.worker.onerror = (e) => {
        this.pending = null;
        e.preventDefault();
        reject(new Error(e.message || "the generator stopped"));
      };
      this.worker.postMessage(options);
    });
  }
  cancel() {
    if (!this.pending) return false;
    this.worker.terminate();
    this.worker = null;
    const p = this.pending;
    this.pending = null;
    p.reject(Object.assign(new Error("cancelled"), { cancelled: true }));
    return true;
  }
}
