import type { MtEngineName } from '../../../config/config.js';
import type { TranslationEngine } from './translation-engine.js';

/** One recorded call of {@link FakeTranslationEngine}. */
export interface FakeCall {
  segments: string[];
  from: string;
  to: string;
}

/**
 * A deterministic in-memory engine for tests (of this layer and of the services above it).
 * `transform` maps each segment (default: `[to] segment`); every call is recorded in `calls`.
 */
export class FakeTranslationEngine implements TranslationEngine {
  readonly configured = true;
  readonly calls: FakeCall[] = [];

  constructor(
    private readonly transform: (segment: string, from: string, to: string) => string = (s, _from, to) => `[${to}] ${s}`,
    readonly name: MtEngineName = 'libretranslate',
  ) {}

  async translate(segments: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    signal?.throwIfAborted();
    this.calls.push({ segments: [...segments], from, to });
    return segments.map((s) => (s.trim() ? this.transform(s, from, to) : s));
  }
}
