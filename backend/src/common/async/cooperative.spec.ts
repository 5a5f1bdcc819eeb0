import { mapCooperative } from './cooperative';

const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
};

describe('mapCooperative', () => {
  it('maps in order, with the index', async () => {
    expect(await mapCooperative(['a', 'b', 'c'], (s, i) => `${s}${i}`)).toEqual(['a0', 'b1', 'c2']);
    expect(await mapCooperative([], () => 1)).toEqual([]);
  });

  it('lets a pending callback run between slices of a long map', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('callback'));
    await mapCooperative([1, 2, 3, 4, 5, 6], (n) => {
      busy(3);
      order.push(`item${n}`);
      return n;
    }, 5);
    const at = order.indexOf('callback');
    // the callback ran after some items and before the last one, not after the whole map
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(order.length - 1);
  });

  it('does not yield when the work is short', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('callback'));
    await mapCooperative([1, 2, 3], (n) => order.push(`item${n}`), 1000);
    expect(order).toEqual(['item1', 'item2', 'item3']);
  });

  it('passes an exception of fn on', async () => {
    await expect(mapCooperative([1, 2], (n) => {
      if (n === 2) throw new Error('bad item');
      return n;
    })).rejects.toThrow('bad item');
  });
});
