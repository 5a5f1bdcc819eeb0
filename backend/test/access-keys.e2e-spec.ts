import { DataSource } from 'typeorm';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

describe('key login and personal access keys', () => {
  let t: TestApp;
  let translator: string;

  beforeAll(async () => {
    t = await createTestApp({ captchaEnabled: true });
    translator = await loginWithCaptcha('translator');
  });
  afterAll(() => t.close());

  async function loginWithCaptcha(username: string): Promise<string> {
    const { uuid } = (await t.http().get('/auth/code')).body;
    const [{ answer }] = await t.app.get(DataSource).query('SELECT answer FROM sys_captcha WHERE uuid = $1', [`captcha:${uuid}`]);
    const res = await t.http().post('/auth/login').send({ username, password: t.encrypt(username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD), code: answer, uuid });
    return res.body.token;
  }

  it('creates a key shown once, logs in with it (no captcha) and lists it without the secret', async () => {
    const created = await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: '采集脚本', expiresDays: 30 });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^hzk_[\w-]{43}$/);
    expect(created.body.prefix).toBe(created.body.key.slice(0, 12));
    const login = await t.http().post('/auth/keyLogin').send({ key: created.body.key });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe('translator');
    const info = await t.http().get('/auth/info').set('Authorization', bearer(login.body.token));
    expect(info.body.roles).toContain('news:translate');
    const list = await t.http().get('/api/users/keys').set('Authorization', bearer(translator));
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: '采集脚本', prefix: created.body.prefix });
    expect(list.body[0].lastUsedTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    // The operation log names the user the key logged in, and never holds the key.
    const [row] = await t.app.get(DataSource).query("SELECT username, params FROM sys_log WHERE method = 'POST /auth/keyLogin' ORDER BY id DESC LIMIT 1");
    expect(row.username).toBe('translator');
    expect(row.params).not.toContain(created.body.key);
  });

  it('refuses unknown, expired and deleted keys and keys of disabled users', async () => {
    expect((await t.http().post('/auth/keyLogin').send({ key: 'hzk_nope' })).body).toMatchObject({ status: 400, message: '访问密钥无效或已过期' });
    const key = (await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: '临时' })).body;
    const db = t.app.get(DataSource);
    await db.query("UPDATE sys_access_key SET expires_at = now() - interval '1 minute' WHERE id = $1", [key.id]);
    expect((await t.http().post('/auth/keyLogin').send({ key: key.key })).status).toBe(400);
    const other = (await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: '删除' })).body;
    expect((await t.http().delete('/api/users/keys').set('Authorization', bearer(translator)).send([other.id])).status).toBe(200);
    expect((await t.http().post('/auth/keyLogin').send({ key: other.key })).status).toBe(400);
    const reviewer = await loginWithCaptcha('reviewer');
    const theirs = (await t.http().post('/api/users/keys').set('Authorization', bearer(reviewer)).send({ name: '审校脚本' })).body;
    await db.query("UPDATE sys_user SET enabled = false WHERE username = 'reviewer'");
    expect((await t.http().post('/auth/keyLogin').send({ key: theirs.key })).body.message).toBe('账号已被禁用，请联系管理员');
  });

  it("cannot delete someone else's key (404) and validates input (400) and the session (401)", async () => {
    const admin = await loginWithCaptcha('admin');
    const mine = (await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: '我的' })).body;
    expect((await t.http().delete('/api/users/keys').set('Authorization', bearer(admin)).send([mine.id])).status).toBe(404);
    expect((await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: '' })).body.message).toBe('密钥名称不能为空');
    expect((await t.http().post('/api/users/keys').set('Authorization', bearer(translator)).send({ name: 'x', expiresDays: 0 })).body.message).toBe('有效天数不能小于 1');
    expect((await t.http().post('/auth/keyLogin').send({})).body.message).toBe('访问密钥不能为空');
    expect((await t.http().get('/api/users/keys')).status).toBe(401);
  });
});
