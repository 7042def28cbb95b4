/** Work that can wait: it runs 5 s after the page has loaded, when the browser is idle, so it never competes. */
const DELAY_MS = 5000;

export function afterLoadAndIdle(run: () => void) {
  const idle = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: DELAY_MS });
      else run();
    }, DELAY_MS);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
