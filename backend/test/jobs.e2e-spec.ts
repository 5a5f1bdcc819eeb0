import { binary } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

describe('api/job', () => {
  let t: TestApp;
  let admin: string;
  let translator: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  it('lists the seeded jobs sorted by jobSort', async () => {
    const res = await t.http().get('/api/job?page=0&size=10&sort=jobSort,asc').set('Authorization', bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(5);
    expect(res.body.content.map((j: { name: string }) => j.name)).toEqual(['主编', '编辑', '翻译', '审校', '技术支持']);
    expect(res.body.content[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by name and enabled', async () => {
    const res = await t.http().get('/api/job?name=审&enabled=true').set('Authorization', bearer(admin));
    expect(res.body.content.map((j: { name: string }) => j.name)).toEqual(['审校']);
  });

  it('creates, edits and deletes a job', async () => {
    const created = await t.http().post('/api/job').set('Authorization', bearer(admin)).send({ name: '摄影', jobSort: 9, enabled: 'true' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '摄影', jobSort: 9, enabled: true, createBy: 'admin' });
    const id = created.body.id;
    const edited = await t.http().put('/api/job').set('Authorization', bearer(admin)).send({ id, name: '摄影记者', jobSort: 10, enabled: false, createTime: 'ignored' });
    expect(edited.status).toBe(204);
    const after = await t.http().get(`/api/job?name=摄影`).set('Authorization', bearer(admin));
    expect(after.body.content[0]).toMatchObject({ id, name: '摄影记者', enabled: false });
    const deleted = await t.http().delete('/api/job/').set('Authorization', bearer(admin)).send([id]);
    expect(deleted.status).toBe(200);
    const gone = await t.http().delete('/api/job').set('Authorization', bearer(admin)).send([id]);
    expect(gone.status).toBe(404);
  });

  it('refuses to delete a job held by users', async () => {
    const jobs = await t.http().get('/api/job?name=主编').set('Authorization', bearer(admin));
    const res = await t.http().delete('/api/job').set('Authorization', bearer(admin)).send([jobs.body.content[0].id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('存在用户关联');
  });

  it('answers 400 with a readable message on bad input', async () => {
    const cases: Array<[string, object | unknown[], string]> = [
      ['POST', { jobSort: 1, enabled: true }, '岗位名称不能为空'],
      ['POST', { name: 'x'.repeat(101), jobSort: 1, enabled: true }, '岗位名称不能超过 100 个字符'],
      ['POST', { name: '重复', jobSort: 'abc', enabled: true }, '排序必须是整数'],
      ['POST', { name: '主编', jobSort: 1, enabled: true }, '岗位名称 主编 已存在'],
      ['PUT', { name: '无id', jobSort: 1, enabled: true }, 'id 必须是整数'],
    ];
    for (const [method, body, message] of cases) {
      const req = method === 'POST' ? t.http().post('/api/job') : t.http().put('/api/job');
      const res = await req.set('Authorization', bearer(admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message });
    }
    expect((await t.http().delete('/api/job').set('Authorization', bearer(admin)).send(['x'])).status).toBe(400);
    expect((await t.http().get('/api/job?sort=password,asc').set('Authorization', bearer(admin))).body.message).toBe('不支持的排序字段: password');
    expect((await t.http().get('/api/job?size=10000').set('Authorization', bearer(admin))).body.message).toBe('size 不能超过 9999'); // a lookup (issue 12)
    expect((await t.http().get('/api/job?createTime=2026-01-01').set('Authorization', bearer(admin))).status).toBe(400);
  });

  it('answers 404 for an unknown job on edit', async () => {
    const res = await t.http().put('/api/job').set('Authorization', bearer(admin)).send({ id: 999999, name: '无', jobSort: 1, enabled: true });
    expect(res.status).toBe(404);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await t.http().get('/api/job')).status).toBe(401);
    expect((await t.http().post('/api/job').set('Authorization', bearer(translator)).send({ name: 'x', jobSort: 1, enabled: true })).status).toBe(403);
    expect((await t.http().get('/api/job/download').set('Authorization', bearer(translator))).status).toBe(403);
  });

  it('exports xlsx', async () => {
    const res = await t.http().get('/api/job/download').set('Authorization', bearer(admin)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });
});
