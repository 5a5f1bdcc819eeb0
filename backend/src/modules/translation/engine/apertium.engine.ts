import { joinUrl, requestJson } from './http.js';
import { toIso3 } from './language-codes.js';
import { MtEngineError, translateNonBlank, type TranslationEngine } from './translation-engine.js';

/** Settings of {@link ApertiumEngine} (from `MT_URL`, `MT_TIMEOUT_SECONDS`). */
export interface ApertiumEngineOptions {
  /** Base address of Apertium APY, e.g. `http://apertium:2737`. */
  url: string;
  timeoutMs: number;
}

interface ApyAnswer {
  responseData?: { translatedText?: unknown } | null;
  responseStatus?: unknown;
  responseDetails?: unknown;
}

/**
 * Apertium APY (rule-based, runs offline): `POST {url}/translate` (form-encoded) with
 * `langpair=spa|eng`, `q` and `markUnknown=no` → `{responseData: {translatedText}, responseStatus}`.
 * APY names pairs with ISO 639-3 codes, so ISO 639-1 codes are mapped (`es` → `spa`, see
 * language-codes.ts). An uninstalled pair (HTTP 400 "That pair is not installed") is a
 * non-retryable error naming the pair.
 *
 * The segments of a call go in one request separated by blank lines (falling back to one request per
 * segment, sequentially, when they do not come back as many): APY runs one pipeline per pair anyway.
 * Output clean-up: without `markUnknown=no` APY prefixes unknown words with `*`; even with it, the
 * generator still prefixes words it cannot inflect with `#` ("50$" → "#$50"), so a `#` at the start
 * of a word is removed when the input had no `#`. Runs of spaces are collapsed.
 */
export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium' as const;
  readonly configured = true;

  constructor(private readonly options: ApertiumEngineOptions) {}

  translate(segments: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    const pair = `${toIso3(from)}|${toIso3(to)}`;
    return translateNonBlank(segments, async (texts) => {
      const joined = await this.translateJoined(texts, pair, signal);
      if (joined) return joined;
      const result: string[] = [];
      for (const text of texts) result.push(await this.translateOne(text, pair, signal));
      return result;
    });
  }

  /**
   * All segments in one request, separated by blank lines (APY keeps them): each request has a large
   * fixed cost, so this is about twice as fast as one request per segment (bench:mt). undefined when
   * a segment holds a blank line itself or the answer does not split back into as many pieces.
   */
  private async translateJoined(texts: string[], pair: string, signal?: AbortSignal): Promise<string[] | undefined> {
    if (texts.length < 2 || texts.some((t) => /\n\s*\n/.test(t))) return undefined;
    const answer = await this.translateOne(texts.map((t) => t.trim()).join('\n\n'), pair, signal);
    const parts = answer.split(/\n\s*\n/).map((p) => p.trim());
    return parts.length === texts.length && parts.every((p) => p !== '') ? parts : undefined;
  }

  private async translateOne(text: string, pair: string, signal?: AbortSignal): Promise<string> {
    let json: unknown;
    try {
      json = await requestJson({
        engine: this.name,
        url: joinUrl(this.options.url, 'translate'),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ langpair: pair, q: text, markUnknown: 'no' }).toString(),
        timeoutMs: this.options.timeoutMs,
        signal,
      });
    } catch (err) {
      if (err instanceof MtEngineError && err.status === 400) {
        throw new MtEngineError(`apertium: language pair ${pair} is not available (${err.detail ?? 'HTTP 400'})`, {
          retryable: false,
          status: 400,
          cause: err,
        });
      }
      throw err;
    }
    const answer = json as ApyAnswer | null;
    const translated = answer?.responseData?.translatedText;
    if (typeof translated !== 'string' || (answer?.responseStatus !== undefined && answer.responseStatus !== 200)) {
      const details = typeof answer?.responseDetails === 'string' ? `: ${answer.responseDetails}` : '';
      throw new MtEngineError(`apertium: unexpected answer for ${pair}${details}`, { retryable: false });
    }
    return cleanApertiumOutput(translated, text);
  }
}

/** Removes Apertium's generation-error marks (`#word`) unless the source had `#`, and doubled spaces. */
export function cleanApertiumOutput(translated: string, source: string): string {
  let text = translated;
  if (!source.includes('#')) text = text.replace(/(^|[\s([{«"“'‘¿¡])#(?=\S)/gu, '$1');
  return text.replace(/[ \t]{2,}/g, ' ').trim();
}
