import type { MtEngineName } from '../../../config/config.js';

/**
 * The port every machine-translation adapter implements (LibreTranslate, OpenAI-compatible chat,
 * Apertium APY, or the `none` placeholder). Adapters translate plain text only; HTML structure,
 * chunking and glossaries are handled above them (see html-chunks.ts and glossary.ts).
 */
export interface TranslationEngine {
  readonly name: MtEngineName;
  /** false only for the `none` engine. */
  readonly configured: boolean;
  /**
   * Translate plain-text segments, order preserved: the result has exactly one entry per segment.
   * `from`/`to` are ISO 639-1 codes (e.g. 'en', 'es', 'zh'). Blank segments come back unchanged
   * without a request. Rejects with {@link MtEngineError} (or the caller's abort reason).
   */
  translate(segments: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]>;
}

/** Construction options of {@link MtEngineError}. */
export interface MtEngineErrorOptions {
  /** Whether trying again later may succeed (5xx, 408/429, timeout, network failure). */
  retryable: boolean;
  /** The engine's HTTP status, when it answered. */
  status?: number;
  /** The engine's own error text, when it sent one. */
  detail?: string;
  cause?: unknown;
}

/**
 * A failed engine request. `retryable` is true for 5xx answers, 408/429 (overload, rate limit),
 * timeouts and network failures; false for other 4xx answers (unsupported language pair, bad API
 * key, invalid request) and for answers that cannot be understood. Messages never contain the API key.
 */
export class MtEngineError extends Error {
  readonly retryable: boolean;
  readonly status?: number;
  readonly detail?: string;

  constructor(message: string, options: MtEngineErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MtEngineError';
    this.retryable = options.retryable;
    this.status = options.status;
    this.detail = options.detail;
  }
}

/** Thrown by the `none` engine: machine translation is not configured (`MT_ENGINE=none`). Never retryable. */
export class MtNotConfiguredError extends MtEngineError {
  constructor(message = 'Machine translation is not configured (MT_ENGINE=none)') {
    super(message, { retryable: false });
    this.name = 'MtNotConfiguredError';
  }
}

/** Whether a status code is worth retrying: server errors, request timeout, rate limiting. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Calls `translate` with the non-blank segments only and puts the answers back in order; blank
 * segments are returned unchanged. Every adapter uses this so that no engine sees empty input.
 */
export async function translateNonBlank(
  segments: readonly string[],
  translate: (texts: string[]) => Promise<string[]>,
): Promise<string[]> {
  const indexes: number[] = [];
  const texts: string[] = [];
  segments.forEach((segment, i) => {
    if (segment.trim()) {
      indexes.push(i);
      texts.push(segment);
    }
  });
  const out = [...segments];
  if (!texts.length) return out;
  const translated = await translate(texts);
  if (translated.length !== texts.length) {
    throw new MtEngineError(`Engine returned ${translated.length} translations for ${texts.length} segments`, { retryable: false });
  }
  indexes.forEach((index, k) => (out[index] = translated[k]));
  return out;
}
