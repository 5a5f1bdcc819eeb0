#!/usr/bin/env node
// Adds up the pass/fail counts printed by Jest, Vitest, node:test and the smoke script in a CI log
// and prints one closing line: "tests: N passed, N failed".
import { readFileSync } from 'node:fs';

// eslint-disable-next-line no-control-regex
const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
for (const line of text.split('\n')) {
  let m;
  if ((m = /^Tests:\s+(.*)total/.exec(line))) {
    // Jest: "Tests:       1 failed, 2 skipped, 40 passed, 43 total"
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  } else if ((m = /^\s+Tests\s+(.*)\((\d+)\)/.exec(line))) {
    // Vitest: "      Tests  12 passed (12)" or "Tests  1 failed | 11 passed (12)"
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  } else if ((m = /^(?:ℹ|#) pass (\d+)$/.exec(line))) {
    // node:test, spec reporter (ℹ) or TAP (#)
    passed += Number(m[1]);
  } else if ((m = /^(?:ℹ|#) fail (\d+)$/.exec(line))) {
    failed += Number(m[1]);
  } else if (/^ok {3}/.test(line)) {
    passed += 1;
  } else if (/^FAIL /.test(line) && !/\.(ts|tsx|mjs)/.test(line)) {
    failed += 1;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed`);
