// Page objects for the browser flows.
import assert from 'node:assert/strict';
import { BASE_URL, captchaAnswer } from './support.mjs';

export class LoginPage {
  constructor(page) {
    this.page = page;
    /** uuids of the captchas the page received, in order (a page left mid-request has none). */
    this.uuids = [];
    page.on('response', (r) => {
      if (!r.url().includes('/auth/code') || r.status() !== 200) return;
      r.json().then(({ uuid }) => this.uuids.push(uuid), () => undefined);
    });
  }

  /** Runs `trigger`, waits until the page shows a new captcha, and returns its uuid. */
  async nextCaptcha(trigger) {
    const seen = this.uuids.length;
    await trigger();
    await this.page.getByRole('img', { name: '验证码' }).waitFor();
    for (let i = 0; i < 100 && this.uuids.length === seen; i++) await this.page.waitForTimeout(50);
    assert.ok(this.uuids.length > seen, 'the page loaded a captcha');
    return this.uuids[this.uuids.length - 1];
  }

  async open(path = '/login') {
    return this.nextCaptcha(() => this.page.goto(`${BASE_URL}/horizon${path}`));
  }

  async fill(username, password, code) {
    await this.page.getByLabel('账号').fill(username);
    await this.page.getByLabel('密码', { exact: true }).fill(password);
    await this.page.getByLabel('验证码', { exact: true }).fill(code);
  }

  /** Logs in with the right captcha answer (read from the test database). */
  async login(username, password, uuid) {
    const answer = await captchaAnswer(uuid);
    assert.ok(answer, 'the captcha shown on the page exists in the database');
    await this.fill(username, password, answer);
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
  }
}

export class Shell {
  constructor(page) {
    this.page = page;
  }

  sidebar() {
    return this.page.locator('nav, [class*="Sidebar"]').first();
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: '个人资料' }).click();
  }

  async logout() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: '退出登录' }).click();
    await this.page.getByText('确定注销并退出系统吗？').waitFor();
    await this.page.getByRole('button', { name: '确定' }).click();
  }
}

/** Logs in through the login page and waits for the launch page. */
export async function loginAs(page, username, password) {
  const form = new LoginPage(page);
  await form.login(username, password, await form.open('/login'));
  await page.waitForURL(/\/horizon\/(enter|$)/);
}

/** The API as the logged-in page (bearer token from the session cookie): `{status, body}`. */
export function pageApi(page, path, { method = 'GET', body } = {}) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('HORIZON-TOKEN='))?.split('=')[1] ?? '');
      const r = await fetch(`/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await r.text();
      const parse = () => {
        try {
          return text ? JSON.parse(text) : null;
        } catch {
          return null;
        }
      };
      return { status: r.status, body: parse() };
    },
    { method, path, body },
  );
}
