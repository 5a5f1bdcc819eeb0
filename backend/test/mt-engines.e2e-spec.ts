// Contract tests of the machine-translation adapters (src/modules/translation/engine):
// - LibreTranslate and OpenAI-compatible chat against local node:http servers that answer like
//   the documented APIs, asserting the requests the adapters send and the errors they map;
// - a real Apertium APY (eng↔spa) round trip when apertium-apy is installed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { parse } from 'node-html-parser';
import { ApertiumEngine } from '../src/modules/translation/engine/apertium.engine.js';
import { protectTerms, restoreTerms } from '../src/modules/translation/engine/glossary.js';
import { translateDocument } from '../src/modules/translation/engine/html-chunks.js';
import { LibreTranslateEngine } from '../src/modules/translation/engine/libretranslate.engine.js';
import { OpenAiEngine } from '../src/modules/translation/engine/openai.engine.js';
import { MtEngineError, type TranslationEngine } from '../src/modules/translation/engine/translation-engine.js';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

interface FakeServer {
  url: string;
  requests: Recorded[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A local HTTP server on a random port that records every request. */
async function startServer(): Promise<FakeServer> {
  const requests: Recorded[] = [];
  let handler: Handler = (_req, res) => json(res, 404, { error: 'no handler' });
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((err: unknown) => json(res, 500, { error: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (h) => (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded) return;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A timer that does not keep the test process alive (fake servers sleep past aborted requests). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The rejection of a promise that must reject. */
async function failure(promise: Promise<unknown>): Promise<MtEngineError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(MtEngineError);
    return err as MtEngineError;
  }
  throw new Error('expected the call to fail');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('LibreTranslate adapter (contract)', () => {
  const API_KEY = 'lt-secret-key-123';
  const SUPPORTED = ['en', 'es', 'zh-Hans'];
  let server: FakeServer;

  /** Answers like LibreTranslate's POST /translate (app.py): JSON in, `{translatedText}` out, `{error}` on failure. */
  const libreTranslate: Handler = async (req, res) => {
    if (req.method !== 'POST' || req.path !== '/translate') return json(res, 404, { error: 'Not Found' });
    const body = JSON.parse(req.body) as { q: string | string[]; source: string; target: string; format?: string; api_key?: string };
    if (body.api_key !== API_KEY) return json(res, 403, { error: 'Invalid API key' });
    if (!body.q) return json(res, 400, { error: 'Invalid request: missing q parameter' });
    for (const lang of [body.source, body.target]) if (!SUPPORTED.includes(lang)) return json(res, 400, { error: `${lang} is not supported` });
    const texts = Array.isArray(body.q) ? body.q : [body.q];
    if (texts.some((t) => t.includes('BOOM'))) return json(res, 500, { error: 'Cannot translate text: model crashed' });
    if (texts.some((t) => t.includes('FLOOD'))) return json(res, 429, { error: 'Slowdown: 30 per 1 minute' });
    if (texts.some((t) => t.includes('SLOW'))) await sleep(2000);
    if (texts.some((t) => t.includes('SHORT'))) return json(res, 200, { translatedText: texts.slice(1) });
    const translated = texts.map((t) => `[${body.target}] ${t}`);
    json(res, 200, { translatedText: Array.isArray(body.q) ? translated : translated[0] });
  };

  const engine = (timeoutMs = 5000, apiKey = API_KEY) => new LibreTranslateEngine({ url: `${server.url}/`, apiKey, timeoutMs });

  beforeAll(async () => {
    server = await startServer();
    server.handle(libreTranslate);
  });
  afterAll(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it('sends all segments in one documented request and parses translatedText', async () => {
    const result = await engine().translate(['Hola mundo', '  ', 'Adiós'], 'es', 'en');
    expect(result).toEqual(['[en] Hola mundo', '  ', '[en] Adiós']);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/translate');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({ q: ['Hola mundo', 'Adiós'], source: 'es', target: 'en', format: 'text', api_key: API_KEY });
  });

  it('reduces regional codes to the language LibreTranslate knows', async () => {
    expect(await engine().translate(['Hola'], 'es-ES', 'en_US')).toEqual(['[en] Hola']);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ source: 'es', target: 'en' });
  });

  it('sends no request for blank input', async () => {
    expect(await engine().translate(['', ' '], 'es', 'en')).toEqual(['', ' ']);
    expect(server.requests).toHaveLength(0);
  });

  it('retries an unsupported "zh" once as "zh-Hans" and remembers it', async () => {
    const lt = engine();
    expect(await lt.translate(['Hola'], 'es', 'zh')).toEqual(['[zh-Hans] Hola']);
    expect(await lt.translate(['Adiós'], 'es', 'zh')).toEqual(['[zh-Hans] Adiós']);
    expect(server.requests.map((r) => (JSON.parse(r.body) as { target: string }).target)).toEqual(['zh', 'zh-Hans', 'zh-Hans']);
  });

  it('maps 400 (unsupported language) to a non-retryable error with the server message', async () => {
    const err = await failure(engine().translate(['Bonjour'], 'fr', 'en'));
    expect(err).toMatchObject({ retryable: false, status: 400, detail: 'fr is not supported' });
    expect(err.message).toContain('fr is not supported');
  });

  it('maps 403 (bad key) to a non-retryable error that does not reveal the key', async () => {
    const err = await failure(engine(5000, 'wrong-key-456').translate(['Hola'], 'es', 'en'));
    expect(err).toMatchObject({ retryable: false, status: 403 });
    expect(err.message).toContain('Invalid API key');
    expect(err.message).not.toContain('wrong-key-456');
  });

  it('maps 500 and 429 to retryable errors', async () => {
    expect(await failure(engine().translate(['BOOM'], 'es', 'en'))).toMatchObject({ retryable: true, status: 500 });
    expect(await failure(engine().translate(['FLOOD'], 'es', 'en'))).toMatchObject({ retryable: true, status: 429 });
  });

  it('maps a timeout and a refused connection to retryable errors', async () => {
    const timeout = await failure(engine(200).translate(['SLOW'], 'es', 'en'));
    expect(timeout.retryable).toBe(true);
    expect(timeout.status).toBeUndefined();
    expect(timeout.message).toMatch(/no answer .* within/);
    const refused = await failure(new LibreTranslateEngine({ url: `http://127.0.0.1:${await freePort()}`, timeoutMs: 2000 }).translate(['Hola'], 'es', 'en'));
    expect(refused.retryable).toBe(true);
  });

  it("rejects with the caller's abort reason, not an engine error", async () => {
    const controller = new AbortController();
    const call = engine().translate(['SLOW'], 'es', 'en', controller.signal);
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(call).rejects.toThrow('job cancelled');
  });

  it('rejects an answer with the wrong number of translations', async () => {
    expect(await failure(engine().translate(['SHORT a', 'b'], 'es', 'en'))).toMatchObject({ retryable: false });
  });
});

describe('OpenAI-compatible adapter (contract)', () => {
  const API_KEY = 'sk-test-0123456789';
  let server: FakeServer;
  /** How the fake model misbehaves: 'ok', 'drop-markers' (ignores the segment protocol). */
  let mode: 'ok' | 'drop-markers' = 'ok';

  /** Answers like POST /v1/chat/completions of OpenAI (and vLLM, Ollama, …). */
  const chat: Handler = async (req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return json(res, 404, { error: { message: 'Not found' } });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      return json(res, 401, { error: { message: `Incorrect API key provided: ${String(req.headers.authorization).slice(7)}`, type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    const body = JSON.parse(req.body) as { model: string; messages: { role: string; content: string }[] };
    if (body.model !== 'qwen-test') return json(res, 404, { error: { message: `The model \`${body.model}\` does not exist`, type: 'invalid_request_error' } });
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
    if (user.includes('BOOM')) return json(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
    if (user.includes('FLOOD')) return json(res, 429, { error: { message: 'Rate limit reached', type: 'requests' } });
    if (user.includes('SLOW')) await sleep(2000);
    let content: string | null;
    if (user.includes('NOCONTENT')) content = null;
    else if (/^\[\[1\]\]/.test(user)) {
      const parts = user.split(/^\[\[\d+\]\]\n/m).slice(1);
      content =
        mode === 'drop-markers'
          ? parts.map((p) => `译：${p.trim()}`).join('\n\n')
          : parts.map((p, i) => `[[${i + 1}]]\n译：${p.trim()}`).join('\n\n');
    } else content = `<think>thinking about ${user.length} characters</think>\n译：${user}`;
    json(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1700000000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  };

  const engine = (options: { apiKey?: string; prompt?: string; timeoutMs?: number } = {}) =>
    new OpenAiEngine({
      url: `${server.url}/v1`,
      apiKey: 'apiKey' in options ? options.apiKey : API_KEY,
      model: 'qwen-test',
      prompt: options.prompt,
      timeoutMs: options.timeoutMs ?? 5000,
    });
  const bodyOf = (r: Recorded) => JSON.parse(r.body) as { model: string; temperature: number; messages: { role: string; content: string }[] };

  beforeAll(async () => {
    server = await startServer();
    server.handle(chat);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.splice(0);
    mode = 'ok';
  });

  it('sends one chat completion per single segment with bearer key, model, temperature 0 and the system prompt', async () => {
    expect(await engine().translate(['El gobierno anunció medidas.\n\nSegundo párrafo.'], 'es', 'zh')).toEqual([
      '译：El gobierno anunció medidas.\n\nSegundo párrafo.',
    ]);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req!.headers['content-type']).toBe('application/json');
    const body = bodyOf(req!);
    expect(body.model).toBe('qwen-test');
    expect(body.temperature).toBe(0);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]!.content).toContain('from Spanish into Simplified Chinese');
    expect(body.messages[0]!.content).toMatch(/paragraph/i);
    expect(body.messages[1]!.content).toBe('El gobierno anunció medidas.\n\nSegundo párrafo.');
  });

  it('sends several segments in one request as numbered blocks and splits the answer', async () => {
    expect(await engine().translate(['Uno.', '', 'Dos.', 'Tres.'], 'es', 'zh')).toEqual(['译：Uno.', '', '译：Dos.', '译：Tres.']);
    expect(server.requests).toHaveLength(1);
    const body = bodyOf(server.requests[0]!);
    expect(body.messages[1]!.content).toBe('[[1]]\nUno.\n\n[[2]]\nDos.\n\n[[3]]\nTres.');
    expect(body.messages[0]!.content).toContain('[[1]]');
  });

  it('falls back to one request per segment when the markers do not come back', async () => {
    mode = 'drop-markers';
    expect(await engine().translate(['Uno.', 'Dos.'], 'es', 'zh')).toEqual(['译：Uno.', '译：Dos.']);
    expect(server.requests.map((r) => bodyOf(r).messages[1]!.content)).toEqual(['[[1]]\nUno.\n\n[[2]]\nDos.', 'Uno.', 'Dos.']);
  });

  it('uses a custom prompt with {source}/{target} filled in', async () => {
    await engine({ prompt: 'Translate {source} news into {target}.' }).translate(['Hola'], 'es', 'zh');
    expect(bodyOf(server.requests[0]!).messages[0]!.content).toMatch(/^Translate Spanish news into Simplified Chinese\./);
  });

  it('sends no Authorization header without a key', async () => {
    const err = await failure(engine({ apiKey: undefined }).translate(['Hola'], 'es', 'zh'));
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(err).toMatchObject({ retryable: false, status: 401 });
  });

  it('maps 401 to a non-retryable error that does not reveal the key', async () => {
    const key = 'sk-wrong-987654321';
    const err = await failure(engine({ apiKey: key }).translate(['Hola'], 'es', 'zh'));
    expect(err).toMatchObject({ retryable: false, status: 401 });
    expect(err.message).toContain('Incorrect API key provided');
    expect(err.message).not.toContain(key);
  });

  it('maps 500, 429 and timeouts to retryable errors', async () => {
    expect(await failure(engine().translate(['BOOM'], 'es', 'zh'))).toMatchObject({ retryable: true, status: 500 });
    expect(await failure(engine().translate(['FLOOD'], 'es', 'zh'))).toMatchObject({ retryable: true, status: 429 });
    expect(await failure(engine({ timeoutMs: 200 }).translate(['SLOW'], 'es', 'zh'))).toMatchObject({ retryable: true });
  });

  it('rejects an answer without message content', async () => {
    expect(await failure(engine().translate(['NOCONTENT'], 'es', 'zh'))).toMatchObject({ retryable: false });
  });
});

/** APERTIUM_APY overrides the binary (e.g. to check the skip path); the pair data must be in MODES. */
const APY = process.env.APERTIUM_APY || '/usr/bin/apertium-apy';
const MODES = '/usr/share/apertium/modes';
const apertiumInstalled = existsSync(APY) && existsSync(MODES) && ['eng-spa.mode', 'spa-eng.mode'].every((m) => readdirSync(MODES).includes(m));
const INSTALL_HINT = 'Apertium is required (REQUIRE_APERTIUM is set): apt-get install -y apertium-apy apertium-eng-spa';

if (!apertiumInstalled && process.env.REQUIRE_APERTIUM) {
  describe('Apertium adapter (real APY)', () => {
    it('needs apertium-apy with the eng-spa pair', () => {
      throw new Error(INSTALL_HINT);
    });
  });
} else if (!apertiumInstalled) {
  // Left out on purpose on a developer machine without Apertium (a Debian package, not an npm one):
  // CI installs it and sets REQUIRE_APERTIUM, which turns a missing engine into the failure above.
  // No placeholder test is registered: the warning says what did not run and why.
  console.warn(`Not running the real Apertium tests: ${APY} or the eng-spa modes are missing (apt-get install -y apertium-apy apertium-eng-spa)`);
} else {
  describe('Apertium adapter (real APY)', () => {
    let apy: ChildProcess | undefined;
    let url = '';
    let output = '';
    let engine: ApertiumEngine;

    /** Last resort if the worker exits without afterAll (the group is detached from ours). */
    const killOnExit = () => {
      if (apy?.pid) {
        try {
          process.kill(-apy.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    };

    /** Stops APY and its pipeline processes (its own process group). */
    const stop = async () => {
      process.off('exit', killOnExit);
      const child = apy;
      apy = undefined;
      if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
    };

    beforeAll(async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      apy = spawn(APY, ['-p', String(port), MODES], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      process.once('exit', killOnExit);
      apy.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      apy.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (!apy || apy.exitCode !== null) throw new Error(`apertium-apy exited early:\n${output.slice(-2000)}`);
        try {
          const res = await fetch(`${url}/listPairs`, { signal: AbortSignal.timeout(1000) });
          if (res.ok) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`apertium-apy did not answer /listPairs within 30 s:\n${output.slice(-2000)}`);
        await sleep(250);
      }
      engine = new ApertiumEngine({ url, timeoutMs: 20_000 });
    }, 40_000);

    afterAll(stop, 10_000);

    it('lists the eng↔spa pairs', async () => {
      const body = (await (await fetch(`${url}/listPairs`)).json()) as { responseData: { sourceLanguage: string; targetLanguage: string }[] };
      expect(body.responseData).toEqual(
        expect.arrayContaining([
          { sourceLanguage: 'spa', targetLanguage: 'eng' },
          { sourceLanguage: 'eng', targetLanguage: 'spa' },
        ]),
      );
    });

    it('translates Spanish → English with ISO 639-1 codes, without unknown-word marks', async () => {
      const [first, blank, second] = await engine.translate(
        ['El gobierno de España anunció hoy nuevas medidas económicas.', '', 'La empresa Xyzzqwt cerró. El precio subió a 50$.'],
        'es',
        'en',
      );
      expect(first).toBe('The government of Spain announced today new economic measures.');
      expect(blank).toBe('');
      expect(second).toContain('Xyzzqwt');
      expect(second).not.toMatch(/[*#@]/);
    });

    it('translates English → Spanish', async () => {
      const [text] = await engine.translate(['The government announced new measures today.'], 'en', 'es');
      expect(text).toBe('El gobierno anunció medidas nuevas hoy.');
    });

    it('keeps paragraph breaks inside a segment', async () => {
      const [text] = await engine.translate(['Primera línea.\n\nSegundo párrafo aquí.'], 'es', 'en');
      expect(text).toBe('First line.\n\nSecond paragraph here.');
    });

    it('reports an uninstalled pair as a non-retryable error naming the pair', async () => {
      const err = await failure(engine.translate(['Hello'], 'en', 'fr'));
      expect(err.retryable).toBe(false);
      expect(err.status).toBe(400);
      expect(err.message).toContain('eng|fra');
      expect(err.message).toContain('That pair is not installed');
    });

    it('passes the numeric glossary placeholders through unchanged in every position', async () => {
      const terms = [
        { source: 'Unión Europea', target: '欧盟' },
        { source: 'Pedro Sánchez', target: '佩德罗·桑切斯' },
        { source: 'Bruselas', target: '布鲁塞尔' },
      ];
      const sentences = [
        'La Unión Europea anunció que Pedro Sánchez, junto con los aliados de Bruselas, se reunirá.',
        'Pedro Sánchez dijo que no. Bruselas y la Unión Europea callaron.',
        '«Bruselas» (Unión Europea): ¿Pedro Sánchez?',
      ];
      for (const sentence of sentences) {
        const p = protectTerms(sentence, terms);
        const [translated] = await engine.translate([p.text], 'es', 'en');
        const restored = restoreTerms(translated!, p);
        expect(restored.ok).toBe(true);
        expect(restored.text).not.toMatch(/\d{5}/);
      }
    });

    it('translates an HTML document with a glossary term, keeping its structure (Spanish → English)', async () => {
      const sent: string[] = [];
      const recording: TranslationEngine = {
        name: engine.name,
        configured: true,
        translate: (segments, from, to, signal) => {
          sent.push(...segments);
          return engine.translate(segments, from, to, signal);
        },
      };
      const html = [
        '<h1>El presidente del <a href="/gobierno">Gobierno de España</a> habla</h1>',
        '<p class="lead">El presidente <a href="https://example.com/p?a=1&amp;b=2" title="Perfil">Pedro Sánchez</a> anunció hoy <strong>nuevas medidas económicas</strong> en Madrid.</p>',
        '<ul><li>Primera medida<ul><li>Ayudas a las <em>familias</em></li></ul></li><li>Segunda medida</li></ul>',
        '<p>La Unión Europea apoya el plan. <img src="foto.jpg" alt="foto"> Fin.</p>',
      ].join('\n');
      const result = await translateDocument(recording, { title: 'Nuevas medidas en España', html }, 'es', 'en', {
        chunkChars: 2000,
        glossary: [{ source: 'Unión Europea', target: '欧盟' }],
      });

      expect(result.title).toBe('New measures in Spain');
      expect(result.html).toContain('<a href="https://example.com/p?a=1&amp;b=2" title="Perfil">Pedro Sánchez</a>');
      expect(result.html).toContain('<strong>new economic measures</strong>');
      expect(result.html).toContain('<a href="/gobierno">Government of Spain</a>');
      expect(result.html).toContain('欧盟');
      expect(result.html).toContain('<img src="foto.jpg" alt="foto">');
      expect(result.html).not.toMatch(/\d{5}/);
      const root = parse(result.html!);
      expect(root.querySelectorAll('ul > li > ul > li')).toHaveLength(1);
      expect(root.querySelectorAll('a')).toHaveLength(2);
      expect(root.querySelector('p.lead')).not.toBeNull();
      expect(sent.join('\n')).not.toContain('Unión Europea');
      expect(result.text).toContain('The president Pedro Sánchez announced today new economic measures in Madrid.');
      expect(result.text).toContain('欧盟');
      expect(result.text!.split('\n\n')).toHaveLength(6);
    });

    it('translates a plain-text document with a glossary term (English → Spanish)', async () => {
      const result = await translateDocument(
        engine,
        { title: 'New measures', text: 'The government announced new measures today.\n\nThe European Union supports the plan.' },
        'en',
        'es',
        { chunkChars: 2000, glossary: [{ source: 'European Union', target: '欧盟' }] },
      );
      expect(result.title).toBe('Medidas nuevas');
      expect(result.html).toBeNull();
      const [first, second] = result.text!.split('\n\n');
      expect(first).toBe('El gobierno anunció medidas nuevas hoy.');
      expect(second).toContain('欧盟');
      expect(second).toContain('plan');
      expect(second).not.toMatch(/European|\d{5}/);
    });
  });
}
