import { InProcessMtQueue } from './mt-queue';

const tick = () => new Promise((r) => setImmediate(r));

describe('InProcessMtQueue: metrics and drain', () => {
  it('counts waiting, running, retry-delayed and given-up jobs', async () => {
    const release: Array<(ok: boolean) => void> = [];
    const gaveUp: string[] = [];
    const queue = new InProcessMtQueue(
      () =>
        new Promise<void>((resolve, reject) => {
          release.push((ok) => (ok ? resolve() : reject(new Error('engine down'))));
        }),
      { concurrency: 1, attempts: 2, backoffMs: 60_000, onGiveUp: (id) => gaveUp.push(id) },
    );
    await queue.add('1');
    await queue.add('2');
    expect(await queue.counts()).toEqual({ waiting: 1, active: 1, delayed: 0, failed: 0 });
    release.shift()!(false); // item 1 fails its first try: a retry in 60 s
    await tick();
    expect(await queue.counts()).toEqual({ waiting: 1, active: 0, delayed: 1, failed: 0 });
    await queue.close();
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });

    const once = new InProcessMtQueue(() => Promise.reject(new Error('bad input')), { concurrency: 1, attempts: 1, backoffMs: 1, onGiveUp: (id) => gaveUp.push(id) });
    await once.add('3');
    await once.drained();
    expect(await once.counts()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 1 });
    expect(gaveUp).toEqual(['3']);
  });

  it('drain: the running job finishes, nothing new starts, waiting items are dropped; bounded by the deadline', async () => {
    const seen: string[] = [];
    const queue = new InProcessMtQueue(
      async (id) => {
        seen.push(id);
        await new Promise((r) => setTimeout(r, 100));
      },
      { concurrency: 1, attempts: 1, backoffMs: 1 },
    );
    await queue.add('1');
    await queue.add('2');
    const started = Date.now();
    await queue.drain(Date.now() + 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(seen).toEqual(['1']);
    expect(await queue.size()).toBe(0);
    await queue.add('3');
    expect(seen).toEqual(['1']);

    const stuck = new InProcessMtQueue(() => new Promise(() => undefined), { concurrency: 1, attempts: 1, backoffMs: 1 });
    await stuck.add('9');
    const t0 = Date.now();
    await stuck.drain(Date.now() + 200);
    expect(Date.now() - t0).toBeLessThan(2_000);
  });
});
