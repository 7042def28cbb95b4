/**
 * Waits, when fewer than `needMs` are left, for the next window of `windowMs` on the clock to begin. The shared request
 * limits count in clock windows (`consumeRequestLimit`): a test that fills one and expects the next request refused
 * would see the count start again from zero if it straddled a window's end.
 */
export async function inFreshClockWindow(windowMs: number, needMs = 10_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
