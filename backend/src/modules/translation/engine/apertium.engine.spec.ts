import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApertiumEngine } from './apertium.engine.js';

/** A fake APY: upper-cases `q`; `mangle` drops the blank lines (as an engine that merged paragraphs would). */
describe('ApertiumEngine request batching', () => {
  let server: Server;
  let url: string;
  const requests: string[] = [];
  let mangle = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const q = new URLSearchParams(body).get('q') ?? '';
        requests.push(q);
        const out = mangle ? q.replace(/\n\s*\n/g, ' ') : q;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ responseData: { translatedText: out.toUpperCase() }, responseStatus: 200 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests.length = 0;
    mangle = false;
  });

  it('sends the segments of a call in one request, separated by blank lines', async () => {
    const engine = new ApertiumEngine({ url, timeoutMs: 5000 });
    expect(await engine.translate(['uno', 'dos', 'tres'], 'es', 'en')).toEqual(['UNO', 'DOS', 'TRES']);
    expect(requests).toEqual(['uno\n\ndos\n\ntres']);
  });

  it('falls back to one request per segment when the answer does not split back', async () => {
    mangle = true;
    const engine = new ApertiumEngine({ url, timeoutMs: 5000 });
    expect(await engine.translate(['uno', 'dos'], 'es', 'en')).toEqual(['UNO', 'DOS']);
    expect(requests).toEqual(['uno\n\ndos', 'uno', 'dos']);
  });

  it('never joins segments that hold blank lines themselves', async () => {
    const engine = new ApertiumEngine({ url, timeoutMs: 5000 });
    expect(await engine.translate(['a\n\nb', 'c'], 'es', 'en')).toEqual(['A\n\nB', 'C']);
    expect(requests).toEqual(['a\n\nb', 'c']);
  });
});
