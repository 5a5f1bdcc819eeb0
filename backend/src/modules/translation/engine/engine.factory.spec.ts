import { loadConfig, type MtConfig } from '../../../config/config.js';
import { createTranslationEngine } from './engine.factory.js';
import { withConcurrency } from './limit.js';
import { MtNotConfiguredError } from './translation-engine.js';

function mt(env: Record<string, string>): MtConfig {
  return loadConfig({ NODE_ENV: 'test', ...env }).mt;
}

describe('createTranslationEngine', () => {
  it('gives the none engine by default, which is not configured and refuses to translate', async () => {
    const engine = createTranslationEngine(mt({}));
    expect(engine.name).toBe('none');
    expect(engine.configured).toBe(false);
    await expect(engine.translate(['Hola'], 'es', 'zh')).rejects.toBeInstanceOf(MtNotConfiguredError);
    await expect(engine.translate(['Hola'], 'es', 'zh')).rejects.toMatchObject({ retryable: false });
  });

  it.each(['libretranslate', 'openai', 'apertium'] as const)('creates the %s engine', (name) => {
    const engine = createTranslationEngine(mt({ MT_ENGINE: name, MT_URL: 'http://127.0.0.1:1' }));
    expect(engine.name).toBe(name);
    expect(engine.configured).toBe(true);
  });

  it('refuses an engine without address', () => {
    expect(() => createTranslationEngine({ ...mt({}), engine: 'apertium' })).toThrow(/MT_URL/);
  });

  it('gives an engine that withConcurrency limits to MT_CONCURRENCY', async () => {
    const started: number[] = [];
    const original = global.fetch;
    const resolvers: (() => void)[] = [];
    global.fetch = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          started.push(Date.now());
          resolvers.push(() => resolve(new Response(JSON.stringify({ translatedText: ['x'] }), { status: 200 })));
        }),
    ) as typeof fetch;
    try {
      const cfg = mt({ MT_ENGINE: 'libretranslate', MT_URL: 'http://127.0.0.1:1', MT_CONCURRENCY: '2' });
      const engine = withConcurrency(createTranslationEngine(cfg), cfg.concurrency);
      const calls = [1, 2, 3].map(() => engine.translate(['a'], 'en', 'es'));
      await new Promise((resolve) => setImmediate(resolve));
      expect(started).toHaveLength(2);
      resolvers.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(started).toHaveLength(3);
      resolvers.splice(0).forEach((resolve) => resolve());
      expect(await Promise.all(calls)).toEqual([['x'], ['x'], ['x']]);
    } finally {
      global.fetch = original;
    }
  });
});
