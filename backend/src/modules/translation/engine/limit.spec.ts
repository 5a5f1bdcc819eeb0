import { FakeTranslationEngine } from './fake.engine.js';
import { Semaphore, withConcurrency } from './limit.js';
import type { TranslationEngine } from './translation-engine.js';

/** An engine whose calls finish only when the test says so. */
function gatedEngine() {
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const engine: TranslationEngine = {
    name: 'openai',
    configured: true,
    translate: (segments) =>
      new Promise((resolve) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        pending.push(() => {
          inFlight--;
          resolve(segments.map((s) => s.toUpperCase()));
        });
      }),
  };
  return { engine, pending, stats: () => ({ inFlight, maxInFlight }) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('withConcurrency', () => {
  it('keeps at most n calls in flight and serves the waiting ones in order', async () => {
    const { engine, pending, stats } = gatedEngine();
    const limited = withConcurrency(engine, 2);
    const results = [1, 2, 3, 4, 5].map((i) => limited.translate([`s${i}`], 'en', 'es'));
    await tick();
    expect(stats().inFlight).toBe(2);
    while (pending.length) {
      pending.shift()!();
      await tick();
      expect(stats().inFlight).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([['S1'], ['S2'], ['S3'], ['S4'], ['S5']]);
    expect(stats().maxInFlight).toBe(2);
  });

  it('keeps name and configured of the engine', () => {
    const limited = withConcurrency(new FakeTranslationEngine(undefined, 'apertium'), 1);
    expect(limited.name).toBe('apertium');
    expect(limited.configured).toBe(true);
  });

  it('frees the slot when a call fails', async () => {
    const failing: TranslationEngine = { name: 'openai', configured: true, translate: () => Promise.reject(new Error('boom')) };
    const limited = withConcurrency(failing, 1);
    await expect(limited.translate(['a'], 'en', 'es')).rejects.toThrow('boom');
    await expect(limited.translate(['b'], 'en', 'es')).rejects.toThrow('boom');
  });

  it('lets a waiting call leave the queue when its signal aborts', async () => {
    const { engine, pending } = gatedEngine();
    const limited = withConcurrency(engine, 1);
    const first = limited.translate(['a'], 'en', 'es');
    const controller = new AbortController();
    const second = limited.translate(['b'], 'en', 'es', controller.signal);
    const third = limited.translate(['c'], 'en', 'es');
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    pending.shift()!();
    await tick();
    pending.shift()!();
    expect(await first).toEqual(['A']);
    expect(await third).toEqual(['C']);
    expect(pending).toHaveLength(0);
  });
});

describe('Semaphore', () => {
  it('rejects an invalid limit and an already aborted signal', async () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    const semaphore = new Semaphore(1);
    await expect(semaphore.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(semaphore.active).toBe(0);
  });

  it('ignores a second release', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    release();
    release();
    expect(semaphore.active).toBe(0);
    expect(semaphore.waiting).toBe(0);
  });
});
