import { performance } from 'node:perf_hooks';

/** Longest stretch of synchronous work between two yields (ms). */
export const DEFAULT_SLICE_MS = 8;

/** Lets the event loop run its pending I/O callbacks (a query's answer, a socket's data). */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `items.map(fn)` for CPU-heavy `fn` (parsing, tokenising, hashing a batch of news items), yielding to
 * the event loop after every `sliceMs` of work. One long synchronous stretch delays every await of
 * the process: a transaction holding a lock that others wait for waits itself behind 200 items of
 * another batch (docs/collect-design.md §11, the 500 items/s reading).
 */
export async function mapCooperative<T, R>(items: readonly T[], fn: (item: T, index: number) => R, sliceMs = DEFAULT_SLICE_MS): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let start = performance.now();
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i], i);
    if (performance.now() - start >= sliceMs && i < items.length - 1) {
      await yieldToLoop();
      start = performance.now();
    }
  }
  return out;
}
