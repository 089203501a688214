// sw.js -- the page's service worker, when it is served over http(s):
// after the first visit the page opens offline.  It keeps the page's
// own files (nothing else is ever fetched) and answers from them first;
// each answer from the network refreshes the copy, so a new release is
// taken on the visit after it is served.  From file:// no worker is
// registered and the page works as before.
const CACHE = "cdok-@VERSION@";
const FILES = ["./", "index.html", "cdok.css", "cdok.js", "manifest.webmanifest", "icon.svg"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== self.location.origin) return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true }).then((hit) => {
    const fresh = fetch(e.request).then((res) => {
      if (res.ok) c.put(e.request, res.clone());
      return res;
    });
    if (hit) {
      fresh.catch(() => {});
      return hit;
    }
    return fresh;
  })));
});
