import { InProcessCollectQueue } from './collect-queue';

describe('InProcessCollectQueue', () => {
  it('runs at most `concurrency` jobs at once, reports free slots, drains', async () => {
    const release: Array<() => void> = [];
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const queue = new InProcessCollectQueue(async (job) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
      done.push(job.sourceId);
    }, 2);
    expect(await queue.freeSlots()).toBe(2);
    for (const id of [1, 2, 3]) await queue.add({ sourceId: id, owner: 'o' });
    expect(running).toBe(2);
    expect(await queue.freeSlots()).toBe(0);
    const drained = queue.drained();
    while (done.length < 3) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await drained;
    expect(done).toEqual([1, 2, 3]);
    expect(peak).toBe(2);
    expect(await queue.freeSlots()).toBe(2);
  });

  it('keeps going when a job throws, and takes nothing after close', async () => {
    const seen: number[] = [];
    const queue = new InProcessCollectQueue(async (job) => {
      seen.push(job.sourceId);
      if (job.sourceId === 1) throw new Error('boom');
    }, 1);
    await queue.add({ sourceId: 1, owner: 'o' });
    await queue.add({ sourceId: 2, owner: 'o' });
    await queue.drained();
    expect(seen).toEqual([1, 2]);
    await queue.close();
    await queue.add({ sourceId: 3, owner: 'o' });
    expect(seen).toEqual([1, 2]);
    expect(await queue.freeSlots()).toBe(0);
  });
});

describe('InProcessCollectQueue: metrics and drain', () => {
  it('counts waiting, running and failed jobs', async () => {
    const release: Array<() => void> = [];
    const queue = new InProcessCollectQueue(async (job) => {
      await new Promise<void>((resolve) => release.push(resolve));
      if (job.sourceId === 1) throw new Error('boom');
    }, 1);
    await queue.add({ sourceId: 1, owner: 'o' });
    await queue.add({ sourceId: 2, owner: 'o' });
    expect(await queue.counts()).toEqual({ waiting: 1, active: 1, delayed: 0, failed: 0 });
    while (release.length || (await queue.counts()).active) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 1 });
  });

  it('drain: no new job, the running one finishes, waiting ones are dropped; bounded by the deadline', async () => {
    const seen: number[] = [];
    const queue = new InProcessCollectQueue(async (job) => {
      seen.push(job.sourceId);
      await new Promise((r) => setTimeout(r, job.sourceId === 1 ? 100 : 10_000));
    }, 1);
    await queue.add({ sourceId: 1, owner: 'o' });
    await queue.add({ sourceId: 2, owner: 'o' });
    let started = Date.now();
    await queue.drain(Date.now() + 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(seen).toEqual([1]);
    expect(await queue.counts()).toMatchObject({ waiting: 0, active: 0 });

    const stuck = new InProcessCollectQueue(() => new Promise(() => undefined), 1);
    await stuck.add({ sourceId: 9, owner: 'o' });
    started = Date.now();
    await stuck.drain(Date.now() + 200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
