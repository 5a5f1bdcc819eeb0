// What the news benches share (run.mjs, profile.mjs, ab.mjs): logging in to the app as a client does,
// and reading CPU time from /proc.
import { spawnSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Logs in like scripts/smoke.mjs: RSA-OAEP(SHA-256) encrypted password, captcha disabled. Answers the token. */
export async function login(base, username, password) {
  const code = await (await fetch(`${base}/auth/code`)).json();
  const { publicKey } = await (await fetch(`${base}/auth/publicKey`)).json();
  const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encrypted, code: '', uuid: code.uuid, rememberMe: false }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || typeof body.token !== 'string') {
    throw new Error(`login as ${username} failed (${res.status}): ${JSON.stringify(body)}. The bench database seeds admin with BENCH_ADMIN_PASSWORD on its first start.`);
  }
  return body.token;
}

/** Milliseconds per clock tick of /proc's CPU times (CLK_TCK: 100 per second on Linux almost everywhere). */
const TICK_MS = (() => {
  try {
    return 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100);
  } catch {
    return 10;
  }
})();

/** CPU time of one process so far (user + system, /proc/<pid>/stat), ms. */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

/** Busy CPU time of the whole machine so far (all cores, /proc/stat, idle and iowait left out), ms. */
export function machineCpuMs() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (fields.slice(0, 8).reduce((a, b) => a + b, 0) - fields[3] - fields[4]) * TICK_MS;
}
