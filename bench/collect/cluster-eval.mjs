#!/usr/bin/env node
// Story-cluster evaluation (docs/collect-design.md §4.4): clusters both halves of the labelled set
// backend/test/fixtures/clusters/stories.jsonl with the production code (backend/src/common/text,
// loaded from the TypeScript source through @swc/core, the transpiler the unit tests use, so no build
// is needed) and prints pairwise precision/recall/F1, B-cubed F1 and the per-pair-type counts.
//   node bench/collect/cluster-eval.mjs            the table for the README (dev = tuning, test = reported)
//   node bench/collect/cluster-eval.mjs --sweep    the dev-half grid (hashes × bands × rows, jieba mode,
//                                                  variant A/B, θ) used to tune, with the candidate cost
//   node bench/collect/cluster-eval.mjs --misses   also list the missed and wrongly joined test pairs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const backend = join(here, '..', '..', 'backend');
const requireBackend = createRequire(join(backend, 'package.json'));
const swc = requireBackend('@swc/core');

// Load `.ts` files as CommonJS through swc (what backend/test/jest.shared.mjs does for Jest).
requireBackend.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
const evalLib = requireBackend(join(backend, 'src/common/text/cluster-eval.ts'));
const { DEFAULT_CLUSTER_THRESHOLD, DEFAULT_CLUSTER_WINDOW_HOURS } = requireBackend(join(backend, 'src/common/text/story-cluster.ts'));
const { DEFAULT_FEATURE_VARIANT, DEFAULT_HAN_MODE } = requireBackend(join(backend, 'src/common/text/shingles.ts'));
const { NUM_HASHES, BANDS, ROWS } = requireBackend(join(backend, 'src/common/text/minhash.ts'));

const items = evalLib.parseJsonl(readFileSync(join(backend, 'test/fixtures/clusters/stories.jsonl'), 'utf8'));
const args = new Set(process.argv.slice(2));
const pct = (x) => (x * 100).toFixed(1);
const pairs = (c) => `${c.tp}/${c.fp}/${c.fn}`;
// Expected share of pairs with Jaccard J that share at least one band: 1 − (1 − J^rows)^bands.
const candidateRate = (j, hashes, rows) => 1 - (1 - j ** rows) ** Math.floor(hashes / rows);
// Cost (§4.4): LSH candidates among different-story pairs within the window, all and loosely related
// (exact Jaccard 0.10–0.20), i.e. the rows the candidate query reads for nothing.
const cost = (c) => `${c.crossCandidates}/${c.crossPairs} (${pct(c.crossCandidates / c.crossPairs)} %), loose ${c.looseCandidates}/${c.loosePairs} (${pct(c.looseCandidates / c.loosePairs)} %)`;
const LSH = [
  [128, 4],
  [128, 3],
  [128, 2],
  [192, 3],
  [256, 3],
  [256, 4],
];

if (args.has('--sweep')) {
  console.log('candidate probability by Jaccard (hashes: bands × rows): J = 0.1 / 0.2 / 0.25 / 0.3 / 0.5');
  for (const [hashes, rows] of LSH) console.log(`  ${hashes}: ${Math.floor(hashes / rows)} × ${rows}: ${[0.1, 0.2, 0.25, 0.3, 0.5].map((j) => candidateRate(j, hashes, rows).toFixed(3)).join(' / ')}`);
  console.log('dev half: hashes bands×rows han-mode variant θ → precision recall F1 (B-cubed F1); cross-story candidates');
  for (const [hashes, rows] of LSH) {
    for (const han of ['cut', 'search']) {
      for (const variant of ['A', 'B']) {
        for (let t = 0.1; t <= 0.501; t += 0.02) {
          const threshold = Math.round(t * 100) / 100;
          const r = evalLib.evaluateHalf(items, 'dev', { variant, threshold, rows, han, hashes }, true);
          console.log(`${hashes} ${Math.floor(hashes / rows)}×${rows} ${han} ${variant} ${threshold.toFixed(2)}  P ${pct(r.precision)}  R ${pct(r.recall)}  F1 ${pct(r.f1)}  (B³ ${pct(r.bcubedF1)})  ${cost(r.cost)}`);
        }
      }
    }
  }
  process.exit(0);
}

const options = { variant: DEFAULT_FEATURE_VARIANT, threshold: DEFAULT_CLUSTER_THRESHOLD, windowHours: DEFAULT_CLUSTER_WINDOW_HOURS };
console.log(`variant ${options.variant}, jieba ${DEFAULT_HAN_MODE}, θ = ${options.threshold}, window ${options.windowHours} h, MinHash ${NUM_HASHES}, LSH ${BANDS} × ${ROWS}`);
console.log('| half | items | stories | precision | recall | F1 | B-cubed F1 | same-language tp/fp/fn | zh↔MT tp/fp/fn | other tp/fp/fn |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const results = {};
const costs = [];
for (const half of ['dev', 'test']) {
  const r = evalLib.evaluateHalf(items, half, options, true);
  results[half] = r;
  costs.push(`${half}: cross-story candidates ${cost(r.cost)}`);
  console.log(`| ${half} | ${r.items} | ${r.stories} | ${pct(r.precision)} % | ${pct(r.recall)} % | ${pct(r.f1)} % | ${pct(r.bcubedF1)} % | ${pairs(r.byType.sameLanguage)} | ${pairs(r.byType.zhMt)} | ${pairs(r.byType.other)} |`);
}
costs.forEach((line) => console.log(line));
if (args.has('--misses')) {
  const byId = new Map(items.map((it) => [it.id, it]));
  const show = ([a, b]) => `  ${a} ↔ ${b}: ${byId.get(a).title} | ${byId.get(b).title}`;
  for (const half of ['dev', 'test']) {
    console.log(`\n${half}: missed same-story pairs (${results[half].misses.length})`);
    results[half].misses.forEach((p) => console.log(show(p)));
    console.log(`${half}: wrongly joined pairs (${results[half].wrong.length})`);
    results[half].wrong.forEach((p) => console.log(show(p)));
  }
}
