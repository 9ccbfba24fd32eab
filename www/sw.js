/**
 * The service worker: the whole game offline after one visit.
 *
 * On install it caches every asset listed in precache.js (written by
 * scripts/precache.mjs at build time) in a cache named after their content hashes, and
 * takes over at once; on activate it deletes every older Gamão cache, so an update
 * replaces the old files cleanly. Requests for the page's own files are answered from
 * the cache, then from the network; a page address (with or without a query such as
 * `?seed=`) is answered with its HTML file.
 */

/* global importScripts */
importScripts("precache.js");

const { version, files } = self.PRECACHE;
const CACHE_PREFIX = "gamao-";
const CACHE = `${CACHE_PREFIX}${version}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(files.map((file) => new Request(file, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(cachedOrFetched(request));
});

/** The cached copy of a request (a page address maps to its HTML file), else the network's answer. */
async function cachedOrFetched(request) {
  const cache = await caches.open(CACHE);
  let hit;
  if (request.mode === "navigate") {
    const url = new URL(request.url);
    url.search = "";
    if (url.pathname.endsWith("/")) url.pathname += "index.html";
    hit = await cache.match(url.href);
  } else {
    hit = await cache.match(request);
  }
  return hit || fetch(request);
}
