// Issue 12: the Content-Security-Policy the server sends lets the built UI and Swagger UI work fully
// (login with captcha, the admin and news screens, the live channel) without a single violation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginAs } from '../pages.mjs';
import { ADMIN_PASSWORD, BASE_URL, openBrowser, screenshot } from '../support.mjs';

let browser;
/** Every CSP violation the page reported (console and securitypolicyviolation events). */
const violations = [];

before(async () => {
  browser = await openBrowser();
  await browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  browser.page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
});
after(async () => {
  await browser?.close();
});

test('the SPA is served with the strict policy and runs under it: login, screens, live channel', async () => {
  const { page } = browser;
  const first = await page.goto(`${BASE_URL}/horizon/login`);
  const policy = first.headers()['content-security-policy'];
  assert.match(policy, /default-src 'self'/);
  assert.match(policy, /script-src 'self'(;|$)/);
  assert.match(policy, /frame-ancestors 'self'/);
  assert.equal(first.headers()['x-content-type-options'], 'nosniff');
  assert.equal(first.headers()['referrer-policy'], 'strict-origin-when-cross-origin');
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  // The admin shell opens the live channel (socket.io: polling, then the WebSocket upgrade to ws://<this host>).
  const live = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/webSocket'), timeout: 30000 });
  await page.goto(`${BASE_URL}/horizon/system/user`);
  const socket = await live;
  await page.waitForTimeout(500);
  assert.ok(!socket.isClosed(), 'the live channel stays connected');
  for (const path of ['/system/log', '/pro/news']) {
    await page.goto(`${BASE_URL}/horizon${path}`);
    await page.waitForLoadState('networkidle');
  }
  await screenshot(page, '16-csp-news');
  assert.deepEqual(violations, []);
  assert.deepEqual(browser.errors, []);
});

test('Swagger UI at /api/docs renders its operations under the same policy', async () => {
  const { page } = browser;
  await page.goto(`${BASE_URL}/api/docs`);
  await page.locator('.opblock').first().waitFor();
  assert.ok((await page.locator('.opblock').count()) > 10);
  await screenshot(page, '16-csp-swagger');
  assert.deepEqual(violations, []);
});
