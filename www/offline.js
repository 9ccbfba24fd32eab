/**
 * Registers the service worker (sw.js) that keeps every asset of the page in a versioned
 * cache, so that after one visit the game loads and plays without a network. The worker
 * script and its asset list are always fetched fresh (`updateViaCache: "none"`), so a new
 * build is noticed on the next visit.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch(() => {
    // no service worker (private mode, blocked): the page still works online
  });
}
