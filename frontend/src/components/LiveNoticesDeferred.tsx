import { lazy, Suspense, useEffect, useState } from 'react';

const LiveNotices = lazy(() => import('./LiveNotices').then((m) => ({ default: m.LiveNotices })));

/** Runs `fn` once the browser is idle after the first paint (at the latest after `timeout` ms). */
function whenIdle(fn: () => void, timeout: number): () => void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(fn, Math.min(timeout, 1000));
  return () => window.clearTimeout(id);
}

/**
 * The live channel's notifications, loaded (socket.io client included) and connected only once the
 * page is idle: the first screen — the news list — does not wait for them (bench:ui).
 */
export function LiveNoticesDeferred() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 3000), []);
  return ready ? (
    <Suspense fallback={null}>
      <LiveNotices />
    </Suspense>
  ) : null;
}
