// Worker thread of the loader: generates COPY chunks on request (see generate.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { createGenerator } from './generate.mjs';

const gen = createGenerator(workerData);
parentPort.on('message', ({ c, rows }) => {
  const before = { rows: gen.stats.rows, tokens: gen.stats.tokens, noise: gen.stats.noise, cn: gen.stats.match.cn, en: gen.stats.match.en };
  const text = gen.chunk(c, rows);
  const s = gen.stats;
  parentPort.postMessage({
    c,
    text,
    stats: { rows: s.rows - before.rows, tokens: s.tokens - before.tokens, noise: s.noise - before.noise, cn: s.match.cn - before.cn, en: s.match.en - before.en },
  });
});
parentPort.postMessage({ ready: true });
