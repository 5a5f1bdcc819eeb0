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

describe('loadConfig: transport (issue 12)', () => {
  it('trusts only a proxy on the loopback by default, none with false, and a list of addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16 ,fd00::/8, LinkLocal' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', 'linklocal']);
  });

  it('refuses a TRUST_PROXY that is not an address, a CIDR or a named range (true included)', () => {
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1/8/1', '*']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('reads CORS_ORIGINS as origins (none by default) and refuses paths or wildcards', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://portal.example.org, http://127.0.0.1:8013/' }).corsOrigins).toEqual(['https://portal.example.org', 'http://127.0.0.1:8013']);
    for (const bad of ['*', 'https://a.example.org/app', 'portal.example.org', 'ftp://a.example.org']) expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
  });

  it('throttles logins to 30 and captchas to 60 per address per minute by default; 0 turns a throttle off', () => {
    expect(loadConfig({})).toMatchObject({ loginRateLimit: 30, captchaRateLimit: 60 });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '0', CAPTCHA_RATE_LIMIT: '5' })).toMatchObject({ loginRateLimit: 0, captchaRateLimit: 5 });
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '-1' })).toThrow(/LOGIN_RATE_LIMIT/);
  });
});

describe('loadConfig: online office editing (issue 15)', () => {
  it('defaults to the built-in editor with no document server', () => {
    expect(loadConfig({}).office).toEqual({
      editor: 'builtin',
      url: undefined,
      internalUrl: undefined,
      callbackBase: undefined,
      jwtSecret: undefined,
      jwtHeader: 'Authorization',
      keyPrefix: undefined,
      tokenTtlMs: 600 * 60_000,
      wopiProof: 'auto',
      lang: 'zh-CN',
    });
    expect(loadConfig({ OFFICE_EDITOR: ' NONE ' }).office.editor).toBe('none');
  });

  it('reads every OFFICE_* variable; the internal address defaults to OFFICE_URL, trailing slashes dropped', () => {
    const office = loadConfig({
      OFFICE_EDITOR: 'onlyoffice',
      OFFICE_URL: 'https://office.example.org/',
      OFFICE_CALLBACK_BASE: 'http://nginx/',
      OFFICE_JWT_SECRET: 's'.repeat(40),
      OFFICE_JWT_HEADER: 'AuthorizationJwt',
      OFFICE_KEY_PREFIX: 'hz-1',
      OFFICE_TOKEN_TTL_MINUTES: '30',
      OFFICE_WOPI_PROOF: 'required',
      OFFICE_LANG: 'en',
    }).office;
    expect(office).toEqual({
      editor: 'onlyoffice',
      url: 'https://office.example.org',
      internalUrl: 'https://office.example.org',
      callbackBase: 'http://nginx',
      jwtSecret: 's'.repeat(40),
      jwtHeader: 'AuthorizationJwt',
      keyPrefix: 'hz-1',
      tokenTtlMs: 30 * 60_000,
      wopiProof: 'required',
      lang: 'en',
    });
    expect(loadConfig({ OFFICE_EDITOR: 'wopi', OFFICE_URL: 'https://office.example.org', OFFICE_INTERNAL_URL: 'http://collabora:9980', OFFICE_CALLBACK_BASE: 'http://nginx' }).office.internalUrl).toBe('http://collabora:9980');
  });

  it('refuses an unknown editor or proof mode, bad addresses and a bad key prefix', () => {
    expect(() => loadConfig({ OFFICE_EDITOR: 'word' })).toThrow(/OFFICE_EDITOR must be one of builtin, onlyoffice, wopi, none/);
    expect(() => loadConfig({ OFFICE_WOPI_PROOF: 'sometimes' })).toThrow(/OFFICE_WOPI_PROOF/);
    expect(() => loadConfig({ OFFICE_URL: 'office.example.org' })).toThrow(/OFFICE_URL must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ OFFICE_KEY_PREFIX: 'has space' })).toThrow(/OFFICE_KEY_PREFIX/);
    expect(() => loadConfig({ OFFICE_TOKEN_TTL_MINUTES: '0' })).toThrow(/OFFICE_TOKEN_TTL_MINUTES/);
  });

  it('refuses onlyoffice without its addresses and secret, wopi without its addresses, a short secret in production', () => {
    expect(() => loadConfig({ OFFICE_EDITOR: 'onlyoffice' })).toThrow(/OFFICE_URL is required[\s\S]*OFFICE_CALLBACK_BASE is required[\s\S]*OFFICE_JWT_SECRET is required/);
    expect(() => loadConfig({ OFFICE_EDITOR: 'wopi', OFFICE_URL: 'https://office.example.org' })).toThrow(/OFFICE_CALLBACK_BASE is required when OFFICE_EDITOR=wopi/);
    expect(loadConfig({ OFFICE_EDITOR: 'wopi', OFFICE_URL: 'https://office.example.org', OFFICE_CALLBACK_BASE: 'http://nginx' }).office.editor).toBe('wopi');
    const onlyoffice = { OFFICE_EDITOR: 'onlyoffice', OFFICE_URL: 'https://office.example.org', OFFICE_CALLBACK_BASE: 'http://nginx', OFFICE_JWT_SECRET: 'short' };
    expect(loadConfig(onlyoffice).office.jwtSecret).toBe('short');
    expect(() => loadConfig({ ...onlyoffice, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/OFFICE_JWT_SECRET must be at least 32 characters/);
  });
});

describe('loadConfig: data collection, exchange and backup (issue 16, docs/collect-design.md §10)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.collect).toEqual({
      enabled: true,
      allowPrivate: false,
      tickSeconds: 10,
      concurrency: 8,
      perHost: 2,
      timeoutSeconds: 30,
      maxBytes: 10_485_760,
      maxItems: 500,
      minIntervalMinutes: 5,
      maxIntervalMinutes: 1440,
      alertAfterErrors: 5,
      userAgent: 'HorizonCollector/1.0',
      clusterWindowHours: 72,
      clusterThreshold: 0.22,
      runRetentionDays: 30,
      timeScale: 1,
    });
    expect(c.exchange).toEqual({ maxBytes: 20480 * 1024 * 1024 });
    expect(c.backup).toEqual({ schedule: '03:30', retention: 7, includeFiles: true, pgBinDir: undefined });
  });

  it('reads the variables; an empty BACKUP_SCHEDULE turns scheduled backups off', () => {
    const c = loadConfig({ COLLECT_ENABLED: 'false', COLLECT_ALLOW_PRIVATE: 'true', COLLECT_PER_HOST: '50', COLLECT_TIME_SCALE: '0.01', COLLECT_CLUSTER_THRESHOLD: '0.42', EXCHANGE_MAX_MB: '10', BACKUP_SCHEDULE: '4:05', PG_BIN_DIR: '/usr/lib/postgresql/15/bin' });
    expect(c.collect).toMatchObject({ enabled: false, allowPrivate: true, perHost: 50, timeScale: 0.01, clusterThreshold: 0.42 });
    expect(c.exchange.maxBytes).toBe(10 * 1024 * 1024);
    expect(c.backup).toMatchObject({ schedule: '04:05', pgBinDir: '/usr/lib/postgresql/15/bin' });
    expect(loadConfig({ BACKUP_SCHEDULE: '' }).backup.schedule).toBeUndefined();
  });

  it('refuses bad values with the variable name, and a time scale in production', () => {
    expect(() => loadConfig({ COLLECT_CONCURRENCY: '0' })).toThrow(/COLLECT_CONCURRENCY/);
    expect(() => loadConfig({ COLLECT_MIN_INTERVAL_MINUTES: '60', COLLECT_MAX_INTERVAL_MINUTES: '30' })).toThrow(/COLLECT_MAX_INTERVAL_MINUTES/);
    expect(() => loadConfig({ COLLECT_CLUSTER_THRESHOLD: '1.5' })).toThrow(/COLLECT_CLUSTER_THRESHOLD/);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '25:00' })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), COLLECT_TIME_SCALE: '0.1' })).toThrow(/COLLECT_TIME_SCALE/);
  });

  it('reads LARGE_SCREEN_JOB_IDS as a comma list of job ids (default none)', () => {
    expect(loadConfig({}).largeScreenJobIds).toEqual([]);
    expect(loadConfig({ LARGE_SCREEN_JOB_IDS: ' 3, 5,3 ,' }).largeScreenJobIds).toEqual([3, 5]);
    expect(() => loadConfig({ LARGE_SCREEN_JOB_IDS: '3,x' })).toThrow(/LARGE_SCREEN_JOB_IDS/);
    expect(() => loadConfig({ LARGE_SCREEN_JOB_IDS: '0' })).toThrow(/LARGE_SCREEN_JOB_IDS/);
  });
});
