import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { ChangeFeed } from '../src/common/database/change-feed';
import { bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

/**
 * Issue 18: sessions and resolved users are cached per process; a revocation or a change of rights
 * made on one replica is refused on the other by its very next request (the change feed).
 */
describe('per-process caches across replicas (sessions, rights)', () => {
  let a: TestApp;
  let b: INestApplication;
  let admin: string;

  const onB = (token: string) => request(b.getHttpServer()).get('/auth/info').set('Authorization', bearer(token));
  const onA = () => a.http();
  /** Both replicas listen before the test acts (the feed connects in the background at start). */
  const feedsLive = async () => {
    for (let i = 0; i < 100 && !(a.app.get(ChangeFeed).live && b.get(ChangeFeed).live); i++) await new Promise((r) => setTimeout(r, 50));
    expect(a.app.get(ChangeFeed).live && b.get(ChangeFeed).live).toBe(true);
  };

  beforeAll(async () => {
    a = await createTestApp();
    const databaseUrl = (a.app.get(DataSource).options as { url: string }).url;
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...a.config, databaseUrl })] }).compile();
    b = moduleRef.createNestApplication({ logger: ['error'] });
    configureApp(b, a.config);
    await b.init();
    admin = await a.login('admin');
    await feedsLive();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses on B a session logged out on A, at once', async () => {
    const token = await a.login('editor');
    expect((await onB(token)).status).toBe(200);
    expect((await onB(token)).status).toBe(200); // now held by B
    expect((await onA().delete('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
    const res = await onB(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });

  it('refuses on B a session kicked out on A, at once', async () => {
    const token = await a.login('translator');
    expect((await onB(token)).status).toBe(200);
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
    expect((await onA().delete('/auth/online').set('Authorization', bearer(admin)).send([sid])).status).toBe(200);
    expect((await onB(token)).status).toBe(401);
  });

  it("refuses on B a user's other sessions after a password change on A", async () => {
    const user = await a.createUser({ username: 'replica_pass', nickName: 'r', enabled: true, roles: [] });
    const first = await a.login('replica_pass');
    const second = await a.login('replica_pass');
    expect((await onB(second)).status).toBe(200);
    const res = await onA().post('/api/users/updatePass').set('Authorization', bearer(first)).send({ oldPass: a.encrypt(USER_PASSWORD), newPass: a.encrypt('Replica@pass2') });
    expect(res.status).toBe(200);
    expect((await onB(second)).status).toBe(401);
    expect((await onB(first)).status).toBe(200); // the caller keeps the session it changed the password with
    expect(user.id).toBeGreaterThan(0);
  });

  it('refuses on B a user disabled on A, and applies a role change on A to B at once', async () => {
    const [{ id: roleId }] = await a.app.get(DataSource).query(`SELECT id FROM sys_role WHERE name = '审校'`);
    const user = await a.createUser({ username: 'replica_roles', nickName: 'r', enabled: true, roles: [{ id: roleId }] });
    const token = await a.login('replica_roles');
    const menusOnB = () => request(b.getHttpServer()).get('/api/menus/build').set('Authorization', bearer(token));
    const reviewList = () => request(b.getHttpServer()).get('/api/news/list?page=0&size=1').set('Authorization', bearer(token));
    expect((await menusOnB()).status).toBe(200);
    expect((await reviewList()).status).toBe(200);
    // the role taken away on A: B answers 403 on its next request
    const put = await onA().put('/api/users').set('Authorization', bearer(admin)).send({ id: user.id, username: 'replica_roles', nickName: 'r', enabled: true, roles: [] });
    expect(put.status).toBe(204);
    expect((await reviewList()).status).toBe(403);
    // disabled on A: B refuses the session
    const off = await onA().put('/api/users').set('Authorization', bearer(admin)).send({ id: user.id, username: 'replica_roles', nickName: 'r', enabled: false, roles: [] });
    expect(off.status).toBe(204);
    expect((await onB(token)).status).toBe(401);
  });

  it('bypasses the caches while the change feed is down and listens again', async () => {
    const db = a.app.get(DataSource);
    const token = await a.login('reviewer');
    expect((await onB(token)).status).toBe(200);
    // cut every listening connection of the test database (both replicas)
    await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'horizon-changes'");
    for (let i = 0; i < 50 && b.get(ChangeFeed).live; i++) await new Promise((r) => setTimeout(r, 20));
    // revoked behind the caches' back while B is deaf: B must ask the database, not its memory
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
    await db.query('DELETE FROM sys_session WHERE id = $1', [sid]);
    expect((await onB(token)).status).toBe(401);
    await feedsLive();
  });
});
