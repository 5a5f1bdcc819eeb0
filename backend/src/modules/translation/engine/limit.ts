import type { TranslationEngine } from './translation-engine.js';

/**
 * A counting semaphore: at most `limit` holders at once, the others wait in arrival order.
 * A waiter whose signal aborts leaves the queue and rejects with the signal's reason.
 */
export class Semaphore {
  private running = 0;
  private readonly queue: { grant: () => void }[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be an integer >= 1, got ${limit}`);
  }

  /** Holders right now. */
  get active(): number {
    return this.running;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Waits for a slot; resolves with the function that gives it back (call it exactly once). */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve(this.releaser());
        },
      };
      const onAbort = () => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Runs `task` while holding a slot. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.queue.shift()?.grant();
    };
  }
}

/**
 * The same engine with at most `n` `translate` calls in flight (`MT_CONCURRENCY`); further calls
 * wait in arrival order. A call whose signal aborts while waiting rejects without reaching the engine.
 */
export function withConcurrency(engine: TranslationEngine, n: number): TranslationEngine {
  const semaphore = new Semaphore(n);
  return {
    name: engine.name,
    configured: engine.configured,
    translate: (segments, from, to, signal) => semaphore.run(() => engine.translate(segments, from, to, signal), signal),
  };
}
