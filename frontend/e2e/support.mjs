// Shared browser helpers for the e2e specs (page objects live next to the specs that use them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(process.cwd(), 'artifacts/screenshots');
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Horizon@2026';
/** The zone of the test browsers: the app's (TZ, default Asia/Shanghai), as the desk's browsers are. */
export const BROWSER_TIME_ZONE = process.env.E2E_TIMEZONE || process.env.TZ || 'Asia/Shanghai';

/** Today as yyyy-MM-dd in the browsers' zone (what the page's date inputs and presets read). */
export function today() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A fresh Chromium profile per browser (Debian's /usr/bin/chromium, no downloads). */
export async function openBrowser({ width = 1440, height = 900 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'horizon-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    locale: 'zh-CN',
    // The desk's browsers run in the app's zone (TZ, default Asia/Shanghai): "today" in the page (本月,
    // date pickers) is the server's today. In the machine's UTC the two disagreed from 16:00 to 24:00.
    timezoneId: BROWSER_TIME_ZONE,
    timeout: 30000,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** The answer of the captcha currently shown (read from the test database: the test owns it). */
export async function captchaAnswer(uuid) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT answer FROM sys_captcha WHERE uuid = $1', [`captcha:${uuid}`]);
    return rows[0]?.answer;
  } finally {
    await client.end();
  }
}
