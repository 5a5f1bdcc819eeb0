import { MtNotConfiguredError, type TranslationEngine } from './translation-engine.js';

/** `MT_ENGINE=none`: machine translation is not configured; every call rejects with {@link MtNotConfiguredError}. */
export class NoneEngine implements TranslationEngine {
  readonly name = 'none' as const;
  readonly configured = false;

  translate(_segments: string[], _from: string, _to: string, _signal?: AbortSignal): Promise<string[]> {
    return Promise.reject(new MtNotConfiguredError());
  }
}
