import { ShutdownState } from './shutdown-state';

describe('ShutdownState', () => {
  it('is draining from begin() on', () => {
    const state = new ShutdownState();
    expect(state.draining).toBe(false);
    state.begin();
    expect(state.draining).toBe(true);
  });

  it('runs every drain hook at once with the deadline and names the ones still running at it', async () => {
    const state = new ShutdownState();
    const seen: number[] = [];
    state.onDrain('fast', async (deadline) => {
      seen.push(deadline);
      await new Promise((r) => setTimeout(r, 10));
    });
    state.onDrain('failing', () => Promise.reject(new Error('boom')));
    state.onDrain('stuck', () => new Promise(() => undefined));
    const deadline = Date.now() + 200;
    const started = Date.now();
    expect(await state.drain(deadline)).toEqual(['stuck']);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen).toEqual([deadline]);
    expect(state.draining).toBe(true);
  });

  it('resolves as soon as the hooks are done', async () => {
    const state = new ShutdownState();
    state.onDrain('quick', () => Promise.resolve());
    const started = Date.now();
    expect(await state.drain(Date.now() + 10_000)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
