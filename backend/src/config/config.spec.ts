import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on defaults in development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8000, production: false, captchaEnabled: true, sessionTtlMs: 4 * 3600_000, rememberTtlMs: 24 * 3600_000, adminPassword: 'Horizon@2026' });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('refuses to start in production without JWT_SECRET, or with a short one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('has no default admin password in production (the first seed refuses without one)', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).adminPassword).toBe('');
  });

  it('rejects malformed numbers and booleans with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ CAPTCHA_ENABLED: 'maybe' })).toThrow(/maybe/);
    expect(loadConfig({ CAPTCHA_ENABLED: 'false' }).captchaEnabled).toBe(false);
  });
});
