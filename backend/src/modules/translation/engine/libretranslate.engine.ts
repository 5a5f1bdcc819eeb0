import { joinUrl, requestJson } from './http.js';
import { MtEngineError, translateNonBlank, type TranslationEngine } from './translation-engine.js';

/** Settings of {@link LibreTranslateEngine} (from `MT_URL`, `MT_API_KEY`, `MT_TIMEOUT_SECONDS`). */
export interface LibreTranslateEngineOptions {
  url: string;
  apiKey?: string;
  timeoutMs: number;
}

/**
 * Language codes LibreTranslate has used for the same language in different versions: older
 * servers know `zh`/`zt`, newer ones `zh-Hans`/`zh-Hant`. Tried when the server rejects a code.
 */
const CODE_ALIASES: Readonly<Record<string, string>> = {
  zh: 'zh-Hans',
  'zh-Hans': 'zh',
  zt: 'zh-Hant',
  'zh-Hant': 'zt',
  'zh-TW': 'zh-Hant',
  pb: 'pt-BR',
  'pt-BR': 'pb',
};

/**
 * The code to send: LibreTranslate's own compound codes (`zh-Hans`, `pt-BR`) as given, other
 * regional codes reduced to the language ('en-US' → 'en'), which is what LibreTranslate knows.
 */
export function libreCode(code: string): string {
  const trimmed = code.trim();
  if (trimmed in CODE_ALIASES) return trimmed;
  return /^[a-z]{2}[-_]/i.test(trimmed) ? trimmed.slice(0, 2).toLowerCase() : trimmed;
}

/**
 * LibreTranslate (documented API): `POST {url}/translate` with JSON
 * `{q: string[], source, target, format: 'text', api_key?}` → `{translatedText: string[]}`;
 * errors are `{error: string}` with 400 (bad request, unsupported language), 403 (bad key, banned),
 * 429 (slow down) or 500. All segments of a call travel in one request.
 *
 * When the server answers 400 "… is not supported" for a code with a known alias (`zh` ↔ `zh-Hans`),
 * the request is repeated once with the alias, and the alias is used from then on.
 */
export class LibreTranslateEngine implements TranslationEngine {
  readonly name = 'libretranslate' as const;
  readonly configured = true;
  /** Codes this server turned out to call differently. */
  private readonly aliases = new Map<string, string>();

  constructor(private readonly options: LibreTranslateEngineOptions) {}

  translate(segments: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    return translateNonBlank(segments, async (texts) => {
      const source = this.aliases.get(from) ?? libreCode(from);
      const target = this.aliases.get(to) ?? libreCode(to);
      try {
        return await this.request(texts, source, target, signal);
      } catch (err) {
        const retry = this.aliasRetry(err, source, target);
        if (!retry) throw err;
        let result: string[];
        try {
          result = await this.request(texts, retry.source, retry.target, signal);
        } catch (retryErr) {
          // Still "not supported": the alias did not help, report the original code.
          throw retryErr instanceof MtEngineError && retryErr.status === 400 ? err : retryErr;
        }
        if (retry.source !== source) this.aliases.set(from, retry.source);
        if (retry.target !== target) this.aliases.set(to, retry.target);
        return result;
      }
    });
  }

  private aliasRetry(err: unknown, source: string, target: string): { source: string; target: string } | undefined {
    const detail = err instanceof MtEngineError && err.status === 400 ? err.detail : undefined;
    if (!detail || !/not (supported|available)/i.test(detail)) return undefined;
    const mentions = (code: string) => detail.includes(`${code} is not supported`) || detail.includes(`(${code})`);
    const sourceAlias = CODE_ALIASES[source] && mentions(source) ? CODE_ALIASES[source] : undefined;
    const targetAlias = CODE_ALIASES[target] && mentions(target) ? CODE_ALIASES[target] : undefined;
    if (!sourceAlias && !targetAlias) return undefined;
    return { source: sourceAlias ?? source, target: targetAlias ?? target };
  }

  private async request(texts: string[], source: string, target: string, signal?: AbortSignal): Promise<string[]> {
    const body: Record<string, unknown> = { q: texts, source, target, format: 'text' };
    if (this.options.apiKey) body.api_key = this.options.apiKey;
    const json = await requestJson({
      engine: this.name,
      url: joinUrl(this.options.url, 'translate'),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: this.options.timeoutMs,
      signal,
      secret: this.options.apiKey,
    });
    const translated = (json as { translatedText?: unknown } | null)?.translatedText;
    if (Array.isArray(translated) && translated.length === texts.length && translated.every((t) => typeof t === 'string')) {
      return translated as string[];
    }
    if (typeof translated === 'string' && texts.length === 1) return [translated];
    throw new MtEngineError(`libretranslate: expected translatedText with ${texts.length} strings`, { retryable: false });
  }
}
