// FanBoost's service worker (ADR 022). The build fills in VERSION and PRECACHE (see vite-service-worker.ts).
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `fanboost-${VERSION}`;
const SHELL = "/index.html";
// Never answered from a cache: the API, the tracking links and the pages the server decides each time.
const NETWORK_ONLY = [/^\/api\//, /^\/t\//, /^\/track\//, /^\/sandbox\//, /^\/email\//, /^\/embed/];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([SHELL, ...PRECACHE])));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("fanboost-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// The page's "New version available" prompt asks the waiting version to take over.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

const cacheFirst = async (request) => {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.some((pattern) => pattern.test(url.pathname))) return;
  if (request.mode === "navigate") {
    // Online, the server's page (with its own title and preview tags); offline, the app shell.
    event.respondWith(fetch(request).catch(async () => (await caches.match(SHELL)) ?? Response.error()));
    return;
  }
  // Built files never change under their name: the cached copy is the copy.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(fetch(request).catch(async () => (await caches.match(request)) ?? Response.error()));
});
