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
