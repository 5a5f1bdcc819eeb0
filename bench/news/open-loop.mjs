// Open-loop mode of `npm run bench:news` (BENCH_MODE=open): requests of a desk mix arrive at a fixed
// rate, each sent at its scheduled time whether or not the earlier ones have answered, and its
// latency is measured from that scheduled time (no coordinated omission). See bench/news/README.md.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from './generate.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const log = (...args) => console.log('[bench]', ...args);

/** Shares of the request kinds (issue 18), and of the variants inside each kind. */
export const KINDS = [
  { kind: 'list', share: 0.6 },
  { kind: 'search', share: 0.2 },
  { kind: 'detail', share: 0.1 },
  { kind: 'write', share: 0.1 },
];
/** The desk users' names: bench-desk-1 …; their rows are what the clean-up removes. */
export const DESK_USER_PREFIX = 'bench-desk-';
/** The desk users' role: 翻译 holds news:list, news:recommend and the newsCollect codes (seed.ts). */
const DESK_ROLE = '翻译';
/**
 * Items of each write pool (small, so that a run of a few seconds already switches items on and off)
 * and of the detail pool.
 */
const WRITE_POOL = 20;
const DETAIL_POOL = 500;
/** The load was applied when ≥ 99 % of the asked rate was sent inside the window; a lag p99 above 10 ms is reported as late. */
const MAX_LAG_P99 = 10;
const MIN_SENT_SHARE = 0.99;

/**
 * The targets of issue 18 for the row count of the run: list p95 ≤ 50 ms, search p95 ≤ 150 ms at
 * 150 requests/s at 1 M rows; list ≤ 80, search ≤ 250 at 50 requests/s at 10 M. Below 10 M rows the
 * 1 M targets apply (the stricter ones: a smaller table is not allowed to be slower).
 */
export function targetsFor(rows) {
  return rows >= 10_000_000 ? { tier: '10 M rows', rate: 50, p95: { list: 80, search: 250 } } : { tier: '1 M rows', rate: 150, p95: { list: 50, search: 150 } };
}

const pct = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-');

/** RSA-OAEP(SHA-256) as the login form and the password change do. */
const encrypt = (publicKey, text) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return json;
}

/**
 * `count` desk users (bench-desk-1 …, role 翻译, in the admin's department so the loaded department
 * state is theirs), made through the admin API: created when missing, else their password reset
 * (PUT api/users/resetPwd); each logs in with the initial password and changes it (POST
 * api/users/updatePass, the forced first change), keeping that session. Returns their tokens.
 */
export async function deskUsers({ base, adminToken, db, count, deptId, login }) {
  const role = (await db.query('SELECT id FROM sys_role WHERE name = $1', [DESK_ROLE])).rows[0];
  if (!role) throw new Error(`no role ${DESK_ROLE} in the bench database`);
  const { publicKey } = await (await fetch(`${base}/auth/publicKey`)).json();
  const users = [];
  for (let k = 1; k <= count; k++) {
    const username = `${DESK_USER_PREFIX}${k}`;
    const existing = (await db.query('SELECT id FROM sys_user WHERE username = $1', [username])).rows[0];
    let id;
    let initial;
    if (!existing) {
      const created = await call(base, 'POST', '/api/users', adminToken, { username, nickName: `压测编辑${k}`, enabled: true, dept: { id: deptId }, roles: [{ id: role.id }] });
      id = created.id;
      initial = created.initialPassword;
    } else {
      id = existing.id;
      const reset = await call(base, 'PUT', '/api/users/resetPwd', adminToken, [id]);
      initial = reset[0]?.initialPassword;
    }
    if (typeof initial !== 'string') throw new Error(`no initial password for ${username}`);
    const token = await login(username, initial);
    const password = `Bench@${randomBytes(9).toString('base64url')}`;
    await call(base, 'POST', '/api/users/updatePass', token, { oldPass: encrypt(publicKey, initial), newPass: encrypt(publicKey, password) });
    users.push({ id: Number(id), username, token });
  }
  return users;
}

/** Removes what the desk users' requests left: department rows they created, collections, reads, operation-log rows. */
export async function cleanUp(db, users) {
  const ids = users.map((u) => u.id);
  const names = users.map((u) => u.username);
  const n = async (sql, params) => (await db.query(sql, params)).rowCount;
  const dept = await n('DELETE FROM news_dept WHERE update_by = ANY($1::text[])', [names]);
  const collect = await n('DELETE FROM news_collect WHERE user_id = ANY($1::int[])', [ids]);
  const read = await n('DELETE FROM news_user WHERE user_id = ANY($1::int[])', [ids]);
  const logs = await n('DELETE FROM sys_log WHERE username = ANY($1::text[])', [names]);
  return { dept, collect, read, logs };
}

/** Search words: 能源 and energy (the closed-loop scenarios), then topic words of the fixtures the corpus is made from. */
function searchWords() {
  const { DEMO_TOPICS } = requireBackend(join(root, 'backend/dist/modules/news/seed/demo-news.fixtures.js'));
  const cn = DEMO_TOPICS.map((t) => t.keywords[0]).filter((w) => w !== '能源');
  const en = DEMO_TOPICS.map((t) => t.phrase.en.split(' ').sort((a, b) => b.length - a.length)[0]).filter((w) => w !== 'energy');
  return { cn, en };
}

/**
 * The items the mix touches, chosen in SQL from the newest non-noise rows (what a desk opens):
 * detail reads over DETAIL_POOL items; track toggles over WRITE_POOL items the department has no
 * row for (so the clean-up deletes exactly what the run created); collect toggles over WRITE_POOL.
 */
export async function pools(db, deptId) {
  const ids = async (sql, params) => (await db.query(sql, params)).rows.map((r) => String(r.id));
  const detail = await ids('SELECT id FROM news WHERE NOT is_noise ORDER BY id DESC LIMIT $1', [DETAIL_POOL]);
  const track = await ids(
    'SELECT n.id FROM news n WHERE NOT n.is_noise AND NOT EXISTS (SELECT 1 FROM news_dept d WHERE d.news_id = n.id AND d.dept_id = $1) ORDER BY n.id DESC LIMIT $2',
    [deptId, WRITE_POOL],
  );
  const collect = await ids('SELECT id FROM news WHERE NOT is_noise ORDER BY id DESC OFFSET $1 LIMIT $1', [WRITE_POOL]);
  if (!detail.length || !track.length || !collect.length) throw new Error('the bench database has too few news rows for the open-loop mix');
  return { detail, track, collect };
}

/**
 * The mix: request i of a run, deterministic from (seed, i). Returns {kind, variant, method, path,
 * body, user}. The toggles alternate per item (round robin over the pool, so an item comes back only
 * after the whole pool): on, off, on … — the state never grows beyond the pool.
 */
export function createMix({ econ, users, pool, seed }) {
  const rand = prng(seed);
  const words = searchWords();
  const toggles = { track: 0, collect: 0 };
  const writes = { n: 0 };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  return (i) => {
    const user = users[i % users.length];
    let x = rand();
    let kind = KINDS[KINDS.length - 1].kind;
    for (const k of KINDS) {
      if (x < k.share) {
        kind = k.kind;
        break;
      }
      x -= k.share;
    }
    const y = rand();
    if (kind === 'list') {
      if (y < 0.55) return { kind, variant: 'list default', method: 'GET', path: '/api/news/list?sort=dateDesc&page=0&size=20', user };
      if (y < 0.8) return { kind, variant: 'list 经济 + recommend', method: 'GET', path: `/api/news/list?classify=${econ}&type=recommend&sort=dateDesc&page=0&size=20`, user };
      if (y < 0.95) return { kind, variant: 'list page 1–9', method: 'GET', path: `/api/news/list?sort=dateDesc&page=${1 + Math.floor(rand() * 9)}&size=20`, user };
      return { kind, variant: 'list deep page 5000', method: 'GET', path: '/api/news/list?sort=dateDesc&page=5000&size=20', user };
    }
    if (kind === 'search') {
      const [variant, word] = y < 0.35 ? ['search 能源', '能源'] : y < 0.7 ? ['search energy', 'energy'] : rand() < 0.5 ? ['search other (zh)', pick(words.cn)] : ['search other (en)', pick(words.en)];
      return { kind, variant, method: 'GET', path: `/api/news/list?content=${encodeURIComponent(word)}&sort=scoreDesc&page=0&size=20`, user };
    }
    if (kind === 'detail') return { kind, variant: 'detail', method: 'GET', path: `/api/news/info?id=${pick(pool.detail)}`, user };
    // Writes alternate: track toggle (department state), collect toggle (the user's own row).
    if (writes.n++ % 2 === 0) {
      const k = toggles.track++;
      const id = pool.track[k % pool.track.length];
      const on = Math.floor(k / pool.track.length) % 2 === 0;
      return { kind, variant: 'write track toggle', method: 'POST', path: '/api/news/updateIsRecommend', body: { id: Number(id), isRecommend: on }, user };
    }
    const k = toggles.collect++;
    const slot = k % pool.collect.length;
    const id = pool.collect[slot];
    const on = Math.floor(k / pool.collect.length) % 2 === 0;
    const owner = users[slot % users.length]; // the same user adds and removes the same item
    return on
      ? { kind, variant: 'write collect add', method: 'POST', path: '/api/newsCollect', body: { newsId: Number(id) }, user: owner }
      : { kind, variant: 'write collect remove', method: 'DELETE', path: `/api/newsCollect/deleteByNewsIdAndUserId?newsId=${id}`, user: owner };
  };
}

/**
 * One rate: `warmup` s then `duration` s of arrivals every 1/rate s (uniform) or with exponential
 * gaps (poisson), without waiting for answers. Latency = answer end − scheduled send time; sender
 * lag = actual send − scheduled send. Only requests scheduled inside the measured window count.
 */
export async function runRate({ base, rate, duration, warmup, arrivals, mix, sockets, timeoutMs, seed }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets, scheduling: 'fifo' });
  // The schedule, in ms from the start.
  const schedule = [];
  const end = (warmup + duration) * 1000;
  if (arrivals === 'poisson') {
    const rand = prng(seed ^ 0x9e3779b9);
    for (let t = -Math.log(1 - rand()) * (1000 / rate); t < end; t += -Math.log(1 - rand()) * (1000 / rate)) schedule.push(t);
  } else {
    for (let i = 0; i < Math.round((warmup + duration) * rate); i++) schedule.push(i * (1000 / rate));
  }
  const windowStart = warmup * 1000;
  const records = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let outstanding = 0;
  let allSent;
  const settled = new Promise((resolve) => (allSent = resolve));
  let sentAll = false;
  const finish = () => sentAll && outstanding === 0 && allSent();

  const fire = (i, t0) => {
    const req = mix(i);
    const scheduled = t0 + schedule[i];
    const rec = { kind: req.kind, variant: req.variant, scheduled: schedule[i], measured: schedule[i] >= windowStart, lag: 0, latency: NaN, service: NaN, status: 0, error: null, doneAt: NaN };
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers = { authorization: `Bearer ${req.user.token}`, accept: 'application/json' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    let done = false;
    const complete = (status, error) => {
      if (done) return;
      done = true;
      const now = performance.now();
      rec.status = status;
      rec.error = error;
      rec.latency = now - scheduled;
      rec.service = now - (scheduled + rec.lag);
      rec.doneAt = now - t0;
      inFlight--;
      outstanding--;
      finish();
    };
    outstanding++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    rec.lag = performance.now() - scheduled;
    const r = http.request({ host: url.hostname, port: url.port, path: req.path, method: req.method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = res.statusCode >= 300 ? [] : null;
      res.on('data', (c) => chunks && chunks.push(c));
      res.on('end', () => complete(res.statusCode, chunks ? Buffer.concat(chunks).toString('utf8').slice(0, 200) : null));
      res.on('error', (e) => complete(0, String(e.message)));
    });
    r.on('timeout', () => r.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    r.on('error', (e) => complete(0, String(e.message)));
    r.end(body);
    records.push(rec);
  };

  const t0 = performance.now() + 20;
  await new Promise((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      for (; i < schedule.length && t0 + schedule[i] <= now; i++) fire(i, t0);
      if (i >= schedule.length) return resolve();
      setTimeout(tick, Math.max(0, t0 + schedule[i] - performance.now()));
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  sentAll = true;
  finish();
  await settled;
  agent.destroy();

  // Figures of the measured window.
  const measured = records.filter((r) => r.measured);
  const inWindow = (t) => t >= windowStart && t < end;
  const sentInWindow = records.filter((r) => inWindow(r.scheduled + r.lag)).length;
  const okInWindow = records.filter((r) => r.status >= 200 && r.status < 300 && inWindow(r.doneAt)).length;
  const lags = measured.map((r) => r.lag).sort((a, b) => a - b);
  const stats = (rs) => {
    const ok = rs.filter((r) => r.status >= 200 && r.status < 300);
    const lat = ok.map((r) => r.latency).sort((a, b) => a - b);
    const svc = ok.map((r) => r.service).sort((a, b) => a - b);
    const errors = rs.length - ok.length;
    const firstError = rs.find((r) => !(r.status >= 200 && r.status < 300));
    return {
      n: rs.length,
      ok: ok.length,
      errors,
      p50: pct(lat, 0.5),
      p95: pct(lat, 0.95),
      p99: pct(lat, 0.99),
      serviceP95: pct(svc, 0.95),
      firstError: firstError && `${firstError.status || 'network'} ${firstError.error ?? ''}`.trim(),
    };
  };
  const group = (key) => {
    const out = {};
    for (const r of measured) (out[r[key]] ??= []).push(r);
    return Object.fromEntries(Object.entries(out).map(([k, rs]) => [k, stats(rs)]));
  };
  const asked = measured.length / duration;
  const sent = sentInWindow / duration;
  return {
    rate,
    duration,
    asked,
    sent,
    answered: okInWindow / duration,
    lag: { p50: pct(lags, 0.5), p99: pct(lags, 0.99), max: lags[lags.length - 1] },
    maxInFlight,
    socketLimitHit: maxInFlight > sockets,
    // The load was applied when the asked rate was sent. A late send only adds to that request's
    // latency (it runs from the scheduled time), so lag makes a figure pessimistic, never flattering.
    rateOk: sent >= MIN_SENT_SHARE * asked,
    lagOk: pct(lags, 0.99) <= MAX_LAG_P99,
    all: stats(measured),
    kinds: group('kind'),
    variants: group('variant'),
  };
}

/**
 * Every rate in turn, with `between()` (waits for the database to be idle) before each. The desk
 * users' leftovers are cleaned before the first rate and after the last.
 */
export async function openLoop({ base, db, users, econ, deptId, rates, duration, warmup, arrivals, sockets, timeoutMs, between }) {
  const before = await cleanUp(db, users);
  if (before.dept || before.collect || before.read) log(`open loop: removed leftovers of an earlier run (${JSON.stringify(before)})`);
  const pool = await pools(db, deptId);
  const results = [];
  try {
    for (const [k, rate] of rates.entries()) {
      await between();
      const seed = 0x6f70656e + k;
      const mix = createMix({ econ, users, pool, seed });
      log(`open loop: ${rate} requests/s (${arrivals}) for ${warmup} s warm-up + ${duration} s, ${users.length} desk users ...`);
      const r = await runRate({ base, rate, duration, warmup, arrivals, mix, sockets, timeoutMs, seed });
      results.push(r);
      const kinds = KINDS.map(({ kind }) => r.kinds[kind] && `${kind} p95 ${ms(r.kinds[kind].p95)}${r.kinds[kind].errors ? ` (${r.kinds[kind].errors} errors)` : ''}`).filter(Boolean);
      log(`  sent ${r.sent.toFixed(1)}/s of ${r.asked.toFixed(1)}/s asked, answered ${r.answered.toFixed(1)}/s, sender lag p99 ${ms(r.lag.p99)} ms, max in flight ${r.maxInFlight}; ${kinds.join(', ')}`);
      for (const [kind, s] of Object.entries(r.kinds)) if (s.firstError) log(`  first ${kind} error: ${s.firstError}`);
    }
  } finally {
    await between();
    const after = await cleanUp(db, users);
    log(`open loop: cleaned up ${after.dept} department rows, ${after.collect} collections, ${after.read} read marks, ${after.logs} operation-log rows of the desk users`);
  }
  return results;
}

/** Verdict of one kind at one rate against the targets of the row count. */
function verdict(r, kind, targets) {
  const target = targets.p95[kind];
  if (target === undefined || r.rate !== targets.rate) return { target: '–', result: '–' };
  const s = r.kinds[kind];
  const text = `p95 ≤ ${target} (${targets.tier} at ${targets.rate}/s)`;
  if (!r.rateOk) return { target: text, result: 'INVALID (the asked rate was not sent)' };
  if (!s || s.ok === 0) return { target: text, result: 'FAIL (no answer)' };
  const pass = s.p95 <= target && s.errors === 0;
  const late = !pass && !r.lagOk ? ' (generator late; its lag is in the latency)' : '';
  return { target: text, result: (pass ? 'PASS' : 'FAIL') + (s.errors ? ` (${s.errors} errors)` : '') + late };
}

/** The tables of an open-loop run: {head, rows} for kinds, generator and variants, and the notes. */
export function openTables(results, rows) {
  const targets = targetsFor(rows);
  const kinds = {
    head: ['rate /s', 'kind', 'requests', 'p50 / p95 / p99 ms', 'answered /s', 'errors', 'target', 'result'],
    rows: results.flatMap((r) =>
      KINDS.filter(({ kind }) => r.kinds[kind]).map(({ kind, share }) => {
        const s = r.kinds[kind];
        const v = verdict(r, kind, targets);
        return [String(r.rate), `${kind} (${Math.round(share * 100)} %)`, String(s.n), `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`, (s.ok / r.duration).toFixed(1), String(s.errors), v.target, v.result];
      }),
    ),
  };
  const generator = {
    head: ['rate /s', 'asked /s', 'sent /s', 'answered /s', 'all p50 / p95 / p99 ms', 'sender lag p50 / p99 / max ms', 'max in flight', 'generator'],
    rows: results.map((r) => [
      String(r.rate),
      r.asked.toFixed(1),
      r.sent.toFixed(1),
      r.answered.toFixed(1),
      `${ms(r.all.p50)} / ${ms(r.all.p95)} / ${ms(r.all.p99)}`,
      `${ms(r.lag.p50)} / ${ms(r.lag.p99)} / ${ms(r.lag.max)}`,
      String(r.maxInFlight) + (r.socketLimitHit ? ' (socket limit: client queueing)' : ''),
      !r.rateOk ? 'SHORT of the rate' : r.lagOk ? 'ok' : 'late',
    ]),
  };
  const variants = {
    head: ['rate /s', 'request', 'n', 'p50 / p95 / p99 ms', 'service p95 ms', 'errors'],
    rows: results.flatMap((r) =>
      Object.entries(r.variants)
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([name, s]) => [String(r.rate), name, String(s.n), `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`, ms(s.serviceP95), String(s.errors)]),
    ),
  };
  const rated = results.some((r) => r.rate === targets.rate);
  const notes = [
    `Targets (issue 18) for ${rows.toLocaleString('en')} rows: the ${targets.tier} ones, list p95 ≤ ${targets.p95.list} ms and search p95 ≤ ${targets.p95.search} ms at ${targets.rate} requests/s` +
      (rated ? '' : ` — no rate of this run is ${targets.rate}/s, so no verdict`) +
      '; detail and writes have none. Latency runs from the scheduled send time (no coordinated omission); errors are non-2xx answers, refused connections and timeouts.',
  ];
  return { kinds, generator, variants, notes, targets };
}
