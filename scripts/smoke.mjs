#!/usr/bin/env node
// Smoke test over HTTP against a running app: health and readiness, UI, captcha, login (RSA), info, menus, logout.
// Usage: node scripts/smoke.mjs [baseUrl] [username] [password]   (the app must run with CAPTCHA_ENABLED=false)
import { constants, publicEncrypt } from 'node:crypto';

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const username = process.argv[3] ?? 'admin';
const password = process.argv[4] ?? process.env.ADMIN_PASSWORD ?? 'Horizon@2026';

async function call(method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: res.status, json };
}

function check(label, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${ok ? '' : `: ${JSON.stringify(detail)}`}`);
  if (!ok) process.exitCode = 1;
}

const health = await call('GET', '/api/health');
check('GET /api/health', health.status === 200, health);
const ready = await call('GET', '/api/health/ready');
check('GET /api/health/ready', ready.status === 200 && ready.json.checks?.database === 'UP' && ready.json.checks?.storage === 'UP', ready);
const ui = await fetch(`${base}/horizon/login`);
check('GET /horizon/login serves the UI', ui.status === 200 && (await ui.text()).includes('<div id="root">'), ui.status);
const code = await call('GET', '/auth/code');
check('GET /auth/code', code.status === 200 && code.json.img?.startsWith('data:image/'), code);
const { json: { publicKey } } = await call('GET', '/auth/publicKey');
const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
const login = await call('POST', '/auth/login', { body: { username, password: encrypted, code: '', uuid: code.json.uuid, rememberMe: false } });
check('POST /auth/login', login.status === 200 && typeof login.json.token === 'string', login);
const token = login.json?.token;
const info = await call('GET', '/auth/info', { token });
check('GET /auth/info', info.status === 200 && info.json.user.username === username && !('password' in info.json.user), info);
const menus = await call('GET', '/api/menus/build', { token });
check('GET /api/menus/build', menus.status === 200 && Array.isArray(menus.json) && menus.json.length > 0, menus);
const users = await call('GET', '/api/users?page=0&size=10&sort=id,asc', { token });
check('GET /api/users', users.status === 200 && users.json.totalElements >= 1, users);
const logout = await call('DELETE', '/auth/logout', { token });
check('DELETE /auth/logout', logout.status === 200, logout);
const after = await call('GET', '/auth/info', { token });
check('token revoked after logout', after.status === 401, after);
if (process.exitCode) console.log('smoke: FAILED'); else console.log('smoke: all checks passed');
