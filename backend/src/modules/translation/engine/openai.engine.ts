import { joinUrl, requestJson } from './http.js';
import { cleanModelOutput, decodeSegments, encodeSegments, systemPrompt } from './openai.prompt.js';
import { MtEngineError, translateNonBlank, type TranslationEngine } from './translation-engine.js';

/** Settings of {@link OpenAiEngine} (from `MT_URL`, `MT_API_KEY`, `MT_MODEL`, `MT_PROMPT`, `MT_TIMEOUT_SECONDS`). */
export interface OpenAiEngineOptions {
  /** Base address of an OpenAI-compatible API, e.g. `https://api.openai.com/v1` or `http://ollama:11434/v1`. */
  url: string;
  apiKey?: string;
  model: string;
  /** System prompt template with `{source}`/`{target}`; default `DEFAULT_OPENAI_PROMPT` (openai.prompt.ts). */
  prompt?: string;
  timeoutMs: number;
}

interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, LM Studio, llama.cpp, …):
 * `POST {url}/chat/completions` with `{model, temperature: 0, messages}` →
 * `choices[0].message.content`, `Authorization: Bearer <key>` when a key is set.
 *
 * Several segments go in ONE request as numbered `[[n]]` blocks (openai.prompt.ts); when the answer
 * does not contain exactly those blocks, each segment is sent again on its own. A single segment is
 * sent as is. Reasoning blocks and code fences in answers are removed.
 */
export class OpenAiEngine implements TranslationEngine {
  readonly name = 'openai' as const;
  readonly configured = true;

  constructor(private readonly options: OpenAiEngineOptions) {}

  translate(segments: string[], from: string, to: string, signal?: AbortSignal): Promise<string[]> {
    return translateNonBlank(segments, async (texts) => {
      if (texts.length === 1) return [await this.translateOne(texts[0]!, from, to, signal)];
      const answer = await this.complete(systemPrompt(this.options.prompt, from, to, texts.length), encodeSegments(texts), signal);
      const decoded = decodeSegments(answer.content, texts.length);
      if (decoded && answer.finishReason !== 'length' && decoded.every(Boolean)) return decoded;
      const result: string[] = [];
      for (const text of texts) result.push(await this.translateOne(text, from, to, signal));
      return result;
    });
  }

  private async translateOne(text: string, from: string, to: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.complete(systemPrompt(this.options.prompt, from, to, 1), text.trim(), signal);
    const translated = cleanModelOutput(answer.content);
    if (!translated) {
      const reason = answer.finishReason === 'length' ? ' (output cut off at the token limit: lower MT_CHUNK_CHARS)' : '';
      throw new MtEngineError(`openai: the model returned an empty translation${reason}`, { retryable: false });
    }
    if (answer.finishReason === 'length') {
      throw new MtEngineError('openai: the translation was cut off at the token limit; lower MT_CHUNK_CHARS', { retryable: false });
    }
    return translated;
  }

  private async complete(system: string, user: string, signal?: AbortSignal): Promise<{ content: string; finishReason?: string }> {
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    const json = await requestJson({
      engine: this.name,
      url: joinUrl(this.options.url, 'chat/completions'),
      headers,
      body: JSON.stringify({ model: this.options.model, temperature: 0, stream: false, messages }),
      timeoutMs: this.options.timeoutMs,
      signal,
      secret: this.options.apiKey,
    });
    const choice = (json as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] } | null)?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') {
      throw new MtEngineError('openai: the answer has no choices[0].message.content', { retryable: false });
    }
    return { content, finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : undefined };
  }
}
