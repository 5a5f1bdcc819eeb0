import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { connect, listen } from './utils/live-client';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Issue 12, security point 4: new and reset accounts get an initial password shown once to the
 * administrator (random unless DEFAULT_USER_PASSWORD is set) and must change it before anything else.
 */
describe('initial passwords and the forced change', () => {
  const FORCED = { status: 403, code: 'PASSWORD_CHANGE_REQUIRED', message: '首次登录或密码被重置后，请先修改密码' };

  const suite = (t: () => TestApp) => {
    const as = (token: string) => ({
      get: (url: string) => t().http().get(url).set('Authorization', bearer(token)),
      post: (url: string, body: object) => t().http().post(url).set('Authorization', bearer(token)).send(body),
      put: (url: string, body: object) => t().http().put(url).set('Authorization', bearer(token)).send(body),
      del: (url: string) => t().http().delete(url).set('Authorization', bearer(token)),
    });
    const login = (username: string, password: string) => t().http().post('/auth/login').send({ username, password: t().encrypt(password), code: '', uuid: '' });
    const create = async (admin: string, username: string) => {
      const res = await as(admin).post('/api/users', { username, nickName: username, enabled: true, roles: [] });
      expect(res.status).toBe(201);
      return res.body as { id: number; username: string; initialPassword: string };
    };
    const expectForced = (res: Response) => expect({ status: res.status, body: res.body }).toMatchObject({ status: 403, body: FORCED });
    const change = (token: string, oldPass: string, newPass: string) => as(token).post('/api/users/updatePass', { oldPass: t().encrypt(oldPass), newPass: t().encrypt(newPass) });

    /** Logs in with the initial password and walks through the forced change. */
    const forcedChange = async (username: string, initial: string) => {
      const first = await login(username, initial);
      expect(first.status).toBe(200);
      expect(first.body.passwordChangeRequired).toBe(true);
      const token = first.body.token as string;
      expect((await as(token).get('/auth/info')).body).toMatchObject({ user: { username }, passwordChangeRequired: true });
      // Everything else answers 403 PASSWORD_CHANGE_REQUIRED, permission or not.
      for (const url of ['/api/users/selectUser', '/api/menus/build', '/api/roles/level', '/api/users/keys', '/api/dict/all']) expectForced(await as(token).get(url));
      expectForced(await as(token).put('/api/users/center', { id: first.body.user.id, nickName: 'x' }));
      // ... but what the change needs.
      expect((await as(token).get('/auth/publicKey')).status).toBe(200);
      expect((await as(token).get('/auth/code')).status).toBe(200);
      expect((await as(token).get('/api/platform/settings')).status).toBe(200);
      // A wrong old password changes nothing.
      expect((await change(token, 'Not@theone1', 'Mine@pass1234')).status).toBe(400);
      expectForced(await as(token).get('/api/users/selectUser'));
      const changed = await change(token, initial, 'Mine@pass1234');
      expect(changed.status).toBe(200);
      expect((await as(token).get('/api/users/selectUser')).status).toBe(200);
      expect((await as(token).get('/auth/info')).body.passwordChangeRequired).toBe(false);
      const again = await login(username, 'Mine@pass1234');
      expect(again.body.passwordChangeRequired).toBe(false);
      return again.body.token as string;
    };
    return { as, login, create, forcedChange, expectForced, change };
  };

  describe('DEFAULT_USER_PASSWORD unset: a random password per account', () => {
    let t: TestApp;
    let admin: string;
    const { as, login, create, forcedChange, expectForced, change } = suite(() => t);

    beforeAll(async () => {
      t = await createTestApp({ defaultUserPassword: undefined });
      admin = await t.login('admin');
    });
    afterAll(() => t.close());

    it('the migration matches the entity', async () => {
      const sql = await t.app.get(DataSource).driver.createSchemaBuilder().log();
      expect(sql.upQueries.map((q) => q.query).filter((q) => /sys_user|password_change/.test(q))).toEqual([]);
    });

    it('a created account gets its own random initial password, shown once, and must change it first', async () => {
      const a = await create(admin, 'fresh1');
      const b = await create(admin, 'fresh2');
      for (const p of [a.initialPassword, b.initialPassword]) {
        expect(p.length).toBeGreaterThanOrEqual(12);
        expect(p).toMatch(/[a-z]/);
        expect(p).toMatch(/[A-Z]/);
        expect(p).toMatch(/[0-9]/);
        expect(p).toMatch(/[^A-Za-z0-9]/);
        expect(p).not.toBe('123456');
      }
      expect(a.initialPassword).not.toBe(b.initialPassword);
      expect((await login('fresh1', '123456')).status).toBe(400);
      // Shown once: never again in the user's record, and not in the operation log.
      const fetched = await as(admin).get(`/api/users?id=${a.id}`);
      expect(fetched.text).not.toContain(a.initialPassword);
      expect(fetched.text).not.toContain('initialPassword');
      const logged: Array<{ n: number }> = await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM sys_log WHERE params LIKE $1', [`%${a.initialPassword}%`]);
      expect(logged[0].n).toBe(0);
      await forcedChange('fresh1', a.initialPassword);
    });

    it('the live channel refuses the session until the password is changed', async () => {
      const u = await create(admin, 'listener');
      const token = (await login('listener', u.initialPassword)).body.token as string;
      const url = await listen(t.app);
      await expect(connect(url, { token })).rejects.toMatchObject({ message: 'PASSWORD_CHANGE_REQUIRED', data: { status: 403 } });
      expect((await change(token, u.initialPassword, 'Live@pass1234')).status).toBe(200);
      const live = await connect(url, { token });
      expect(live.socket.connected).toBe(true);
      live.socket.close();
    });

    it('the caller can still log out while the change is pending', async () => {
      const c = await create(admin, 'leaver');
      const token = (await login('leaver', c.initialPassword)).body.token as string;
      expect((await as(token).del('/auth/logout')).status).toBe(200);
      expect((await as(token).get('/auth/info')).status).toBe(401);
      const other = (await login('leaver', c.initialPassword)).body.token as string;
      expect((await as(other).get('/auth/logout')).status).toBe(200);
      expect((await as(other).get('/auth/info')).status).toBe(401);
    });

    it('a reset gives each account a new random password (listed once, in order) and forces the change again', async () => {
      const x = await create(admin, 'resetx');
      const y = await create(admin, 'resety');
      const xToken = await forcedChange('resetx', x.initialPassword);
      await t.passwordChanged(y.id);
      const res = await as(admin).put('/api/users/resetPwd', [y.id, x.id]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: y.id, username: 'resety', initialPassword: expect.any(String) },
        { id: x.id, username: 'resetx', initialPassword: expect.any(String) },
      ]);
      const [py, px] = (res.body as Array<{ initialPassword: string }>).map((r) => r.initialPassword);
      expect(py).not.toBe(px);
      expect(px).not.toBe(x.initialPassword);
      expect(px.length).toBeGreaterThanOrEqual(12);
      // The old session ended; the old password is gone.
      expect((await as(xToken).get('/auth/info')).status).toBe(401);
      expect((await login('resetx', 'Mine@pass1234')).status).toBe(400);
      await forcedChange('resetx', px);
      const yToken = (await login('resety', py)).body.token as string;
      expectForced(await as(yToken).get('/api/users/selectUser'));
    });

    it('seeded demo accounts keep the documented demo password and are not forced', async () => {
      const res = await login('translator', '123456');
      expect(res.status).toBe(200);
      expect(res.body.passwordChangeRequired).toBe(false);
      expect((await as(res.body.token).get('/api/users/selectUser')).status).toBe(200);
      const adminLogin = await login('admin', 'Admin@test1');
      expect(adminLogin.body.passwordChangeRequired).toBe(false);
    });
  });

  describe('DEFAULT_USER_PASSWORD set: that password, and still the forced change', () => {
    let t: TestApp;
    let admin: string;
    const OPERATOR = 'Operator@pass1';
    const { as, create, forcedChange } = suite(() => t);

    beforeAll(async () => {
      t = await createTestApp({ defaultUserPassword: OPERATOR });
      admin = await t.login('admin');
    });
    afterAll(() => t.close());

    it('uses the operator\'s password on creation and reset, and forces the change', async () => {
      const u = await create(admin, 'operated');
      expect(u.initialPassword).toBe(OPERATOR);
      await forcedChange('operated', OPERATOR);
      const reset = await as(admin).put('/api/users/resetPwd', [u.id]);
      expect(reset.body).toEqual([{ id: u.id, username: 'operated', initialPassword: OPERATOR }]);
      await forcedChange('operated', OPERATOR);
    });
  });
});
