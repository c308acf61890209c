/* global self, caches, fetch, URL, Response */
/* FreightConnect service worker: keeps the app shell (index.html, the scripts, styles and font it loads before the
 * first paint, icons) so a second visit paints from the cache, and every screen's code, so the installed app opens
 * any screen offline (fetched once when the worker installs, after the first page has loaded). The API and the
 * socket always go to the network; nothing user-specific is cached.
 *
 * The build fills in self.__PRECACHE__ (the shell's hashed files, from the built index.html, then the rest of the
 * build) and self.__BUILD__ (a hash of index.html): a new build is a new worker, which caches the new shell, takes
 * over and drops the old cache. */
const BUILD = self.__BUILD__ || 'dev';
const PRECACHE = self.__PRECACHE__ || [];
const PREFIX = 'freightconnect-shell-';
const CACHE = PREFIX + BUILD;
const SHELL = [
  '/index.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/default-avatar.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

/** The hashed scripts and styles an index.html loads (Vite names them /assets/…). */
function assetsOf(html) {
  const urls = new Set();
  const re = /(?:src|href)="(\/assets\/[^"]+)"/g;
  let m;
  while ((m = re.exec(html))) urls.add(m[1]);
  return [...urls];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([...SHELL, ...PRECACHE]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Shells of earlier builds (and the unversioned cache of the first worker) go.
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;

  // Pages: the network first (a new deployment shows at once), the cached shell when offline.
  if (req.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          const res = await fetch(req);
          // A prerendered public page or a page drawn for the visitor (issue 24) is one screen, not the shell every
          // address can open offline.
          if (res.ok && !res.headers.get('X-Prerendered') && !res.headers.get('X-Server-Rendered')) {
            const cache = await caches.open(CACHE);
            await cache.put('/index.html', res.clone());
            // A new index.html may name new assets: fetch them in the background.
            event.waitUntil(
              res
                .clone()
                .text()
                .then((html) => cache.addAll(assetsOf(html)))
                .catch(() => undefined),
            );
          }
          return res;
        } catch {
          return (await caches.match('/index.html')) || Response.error();
        }
      })(),
    );
    return;
  }

  // Hashed assets never change: the cache first. Other static files: the cache, refreshed from the network.
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // A stored response's body is already decoded, so `Vary: Accept-Encoding` must not stop a match (module
      // scripts are requested in CORS mode, with headers the precaching request did not have).
      const cached = await cache.match(req, { ignoreVary: true });
      const network = fetch(req)
        .then((res) => {
          if (res.ok) void cache.put(req, res.clone());
          return res;
        })
        .catch(() => undefined);
      if (cached) {
        if (!url.pathname.startsWith('/assets/')) event.waitUntil(network);
        return cached;
      }
      return (await network) || Response.error();
    })(),
  );
});

/* Web push (issue 27): the server sends { title, body, url, tag } encrypted for this browser; the worker shows it
 * (a newer message with the same tag replaces the older one) and keeps the screen to open in its data. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'FreightConnect', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/' },
    }),
  );
});

/** The screen a notification opens: a path of this app (anything else opens the dashboard). */
function targetOf(notification) {
  const raw = (notification.data && notification.data.url) || '/';
  try {
    const url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already on that screen comes to the front; else an open tab of the app goes there; else a new one.
      const same = windows.find((w) => w.url === target && 'focus' in w);
      if (same) return same.focus();
      for (const w of windows) {
        if ('focus' in w) {
          const focused = await w.focus();
          if ('navigate' in focused) await focused.navigate(target).catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
