/**
 * Registers the service worker (sw.js) that keeps every asset of the page in a versioned
 * cache, so that after one visit the game loads and plays without a network. The worker
 * script and its asset list are always fetched fresh (`updateViaCache: "none"`), and a
 * returning visit asks for them itself, so a new build is found on the next visit: a
 * browser's own check on navigation is its choice (Chrome drops one that follows another
 * within a second, Safari checks seldom).
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const returning = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.register("sw.js", { updateViaCache: "none" })
    .then((registration) => (returning ? registration.update() : undefined))
    .catch(() => {
      // no service worker (private mode, blocked), or offline: the page still works
    });
}
