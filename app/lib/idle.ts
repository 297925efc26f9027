// Lazy islands whose HTML is already in the page (the footer newsletter form, the home enquiry
// form) load their code once the browser is idle after hydration, not in the page's first load.

/** Resolves at once on the server, and when the main thread is idle in the browser. */
export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
