import type { MtConfig } from '../../../config/config.js';
import { ApertiumEngine } from './apertium.engine.js';
import { LibreTranslateEngine } from './libretranslate.engine.js';
import { NoneEngine } from './none.engine.js';
import { OpenAiEngine } from './openai.engine.js';
import type { TranslationEngine } from './translation-engine.js';

/**
 * The engine `MT_ENGINE` selects, configured from the other `MT_*` settings. `none` gives an engine
 * whose `configured` is false and whose calls reject with `MtNotConfiguredError`.
 * The engine itself is NOT limited: create it once per process and wrap it with
 * `withConcurrency(engine, cfg.concurrency)` (limit.ts) to apply `MT_CONCURRENCY`.
 * Throws when an engine other than `none` has no `MT_URL` (loadConfig already rejects that).
 */
export function createTranslationEngine(cfg: MtConfig): TranslationEngine {
  if (cfg.engine === 'none') return new NoneEngine();
  if (!cfg.url) throw new Error(`MT_URL is required when MT_ENGINE=${cfg.engine}`);
  const url = cfg.url;
  const timeoutMs = cfg.timeoutMs;
  switch (cfg.engine) {
    case 'libretranslate':
      return new LibreTranslateEngine({ url, apiKey: cfg.apiKey, timeoutMs });
    case 'openai':
      return new OpenAiEngine({ url, apiKey: cfg.apiKey, model: cfg.model, prompt: cfg.prompt, timeoutMs });
    case 'apertium':
      return new ApertiumEngine({ url, timeoutMs });
    default: {
      const unknown: never = cfg.engine;
      throw new Error(`Unknown MT engine: ${String(unknown)}`);
    }
  }
}
