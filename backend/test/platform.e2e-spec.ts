import { bearer, createTestApp, type TestApp } from './utils/test-app';

const KNOWLEDGE = 'https://kg.example.org/portal?from=horizon';
const COLLECT = 'http://10.0.0.8:8080/collect';

describe('api/platform', () => {
  let t: TestApp;
  let translator: string;

  beforeAll(async () => {
    t = await createTestApp({ platform: { logoutEnabled: true, externalUrls: { knowledge: KNOWLEDGE, collect: COLLECT } } });
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  /** GET as the translator, or without a session when `token` is null. */
  const get = (path: string, token: string | null = translator) => {
    const req = t.http().get(path);
    return token ? req.set('Authorization', bearer(token)) : req;
  };

  describe('GET settings', () => {
    it('answers the platform settings to any logged-in user', async () => {
      const res = await get('/api/platform/settings');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ logoutEnabled: true, title: null, externalTargets: ['knowledge', 'collect'], mt: { engine: 'none', configured: false } });
    });

    it('401 without a session', async () => {
      const res = await get('/api/platform/settings', null);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, message: expect.any(String) });
    });
  });

  describe('GET externalUrl', () => {
    it('answers the configured address', async () => {
      const res = await get('/api/platform/externalUrl?target=knowledge');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ url: KNOWLEDGE });
    });

    it('404 NOT_CONFIGURED with a Chinese message when the address is not set', async () => {
      const res = await get('/api/platform/externalUrl?target=clue');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_CONFIGURED', message: '技术线索发现地址未配置，请联系管理员' });
    });

    it('400 naming target when it is missing or unknown', async () => {
      const missing = await get('/api/platform/externalUrl');
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ status: 400, message: 'target 不能为空' });
      const unknown = await get('/api/platform/externalUrl?target=intranet');
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('target 必须是 knowledge、clue、collect 之一');
      const twice = await get('/api/platform/externalUrl?target=clue&target=knowledge');
      expect(twice.status).toBe(400);
    });

    it('401 without a session (before validation)', async () => {
      const res = await get('/api/platform/externalUrl?target=knowledge', null);
      expect(res.status).toBe(401);
      const bad = await get('/api/platform/externalUrl', null);
      expect(bad.status).toBe(401);
    });
  });

  describe('the spec paths GET api/collectionWebsite/postGraph|postSearch|postCollect', () => {
    it('answer the same addresses', async () => {
      expect((await get('/api/collectionWebsite/postGraph')).body).toEqual({ url: KNOWLEDGE });
      expect((await get('/api/collectionWebsite/postCollect')).body).toEqual({ url: COLLECT });
    });

    it('404 when not configured', async () => {
      const res = await get('/api/collectionWebsite/postSearch');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_CONFIGURED', message: '技术线索发现地址未配置，请联系管理员' });
    });

    it('401 without a session', async () => {
      expect((await get('/api/collectionWebsite/postGraph', null)).status).toBe(401);
    });
  });
});

describe('api/platform with logout disabled and a title', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ platform: { logoutEnabled: false, title: '动态跟踪系统', externalUrls: {} } });
  });
  afterAll(() => t.close());

  it('reports logout disabled, the title and no external system', async () => {
    const token = await t.login('admin');
    const res = await t.http().get('/api/platform/settings').set('Authorization', bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logoutEnabled: false, title: '动态跟踪系统', externalTargets: [], mt: { engine: 'none', configured: false } });
    const graph = await t.http().get('/api/platform/externalUrl?target=knowledge').set('Authorization', bearer(token));
    expect(graph.status).toBe(404);
  });
});
