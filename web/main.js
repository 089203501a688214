// main.js -- starting the page: the controls wired, the library
// started, and the puzzle of the address (or the last one played, or a
// new one) opened.  Loaded last: everything it calls is defined above.

// Served over http(s): installable, and offline after the first visit
// (web/sw.js).  From file:// neither applies, and nothing is asked for.
function offlineApp() {
  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "manifest.webmanifest";
  document.head.append(link);
  navigator.serviceWorker.register("sw.js").then(() => { document.body.dataset.offline = "1"; },
    () => { /* no worker: the page works online as before */ });
}

async function main() {
  wire();
  offlineApp();
  engine = cdokEngine(await cdokWasmFactory()());
  document.body.dataset.ready = "1";
  if (fromHash()) return;
  // Opened without an address: the puzzle played last, or a new one.
  let last = null;
  try {
    last = localStorage.getItem("cdok:last");
  } catch (e) { /* nothing kept */ }
  if (last) {
    history.replaceState(null, "", "#" + last);
    if (fromHash()) return;
  }
  // The first puzzle of a first visit: a 6 x 6 Normal takes a few
  // milliseconds (at most 35 ms on seeds 1-10), made here rather than in
  // the Worker, which would compile the module a second time first.
  const o = { size: 6, level: "normal", seed: randomSeed(), killer: false, ops: "all", twoCell: false };
  const doc = engine.generate(o);
  if (doc.ok) startPuzzle(doc, { hash: genHash(o) });
  else generate(o);
}

main();
