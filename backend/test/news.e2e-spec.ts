import { DataSource } from 'typeorm';
import { DEMO_NEWS_COUNT } from '../src/modules/news/seed/demo-news';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Row {
  id: number;
  title: string;
  titleCn: string | null;
  publishTime: string;
  count: number;
  classify: number[];
  classifyNames: string[];
  keywords: string[];
  isRead: boolean;
  isRecommend: boolean;
  yj: boolean;
  isChoice: boolean;
  updateTime: string;
}

describe('api/news', () => {
  let t: TestApp;
  let db: DataSource;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  let noiseId: number;
  let noiseCount: number;

  const get = (token: string, query: Record<string, unknown> = {}) => t.http().get('/api/news/list').query(query).set('Authorization', bearer(token));
  const list = async (token: string, query: Record<string, unknown> = {}) => {
    const res = await get(token, query);
    expect(res.status).toBe(200);
    return res.body as { content: Row[]; totalElements: number };
  };
  const classId = async (code: string) => ((await db.query('SELECT id FROM news_classify WHERE code = $1', [code])) as Array<{ id: number }>)[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('newsless');
    noiseId = await classId('A5000');
    noiseCount = Number(((await db.query('SELECT count(*) AS n FROM news WHERE is_noise')) as Array<{ n: string }>)[0].n);
  });
  afterAll(() => t.close());

  it('seeds the demo corpus with websites, search vectors and department state', async () => {
    const [{ n, s, w }] = await db.query('SELECT count(*)::int AS n, count(search)::int AS s, count(DISTINCT web_id)::int AS w FROM news');
    expect(n).toBe(DEMO_NEWS_COUNT);
    expect(s).toBe(DEMO_NEWS_COUNT);
    expect(w).toBe(Number((await db.query('SELECT count(*) AS n FROM news_website'))[0].n));
    expect(noiseCount).toBeGreaterThan(0);
    const [{ r, y, c }] = await db.query('SELECT count(*) FILTER (WHERE is_recommend)::int AS r, count(*) FILTER (WHERE yj)::int AS y, count(*) FILTER (WHERE is_choice)::int AS c FROM news_dept');
    // Two demo work departments (新闻中心, 出版中心) × {tracked 20, warned 10, chosen 15}.
    expect([r, y, c]).toEqual([40, 20, 30]);
  });

  it('lists non-noise items newest first with the row shape', async () => {
    const body = await list(translator, { page: 0, size: 10 });
    expect(body.totalElements).toBe(DEMO_NEWS_COUNT - noiseCount);
    expect(body.content).toHaveLength(10);
    const row = body.content[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'id', 'title', 'titleCn', 'publishTime', 'webName', 'webId', 'createBy', 'count', 'classify', 'classifyNames', 'keywords', 'language', 'country', 'url',
        'isRead', 'isCollect', 'isRecommend', 'yj', 'yjBy', 'yjTime', 'isChoice', 'isProcessed', 'hasFiles', 'editorName', 'examineName', 'transStatus', 'version', 'updateTime',
        'clusterId', 'clusterSize', 'otherSources',
      ].sort(),
    );
    expect(typeof row.id).toBe('number');
    expect(typeof row.count).toBe('number');
    expect(row.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.classifyNames.length).toBe(row.classify.length);
    const times = body.content.map((r) => r.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('sorts by every supported sort and rejects others', async () => {
    const key: Record<string, (r: Row) => string | number> = {
      date: (r) => r.publishTime,
      num: (r) => r.count,
      update: (r) => r.updateTime,
      create: (r) => r.id, // create_time = publish_time in the demo; checked loosely below
    };
    for (const field of ['date', 'num', 'update', 'create', 'score']) {
      for (const dir of ['Asc', 'Desc']) {
        const body = await list(translator, { sort: `${field}${dir}`, size: 50 });
        expect(body.content).toHaveLength(50);
        const k = key[field];
        if (!k || field === 'create') continue;
        const values = body.content.map(k);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(dir === 'Asc' ? sorted : sorted.reverse());
      }
    }
    // score without a search falls back to dateDesc
    expect((await list(translator, { sort: 'scoreAsc', size: 5 })).content).toEqual((await list(translator, { size: 5 })).content);
    for (const [query, message] of [
      [{ sort: 'nope' }, '不支持的排序方式: nope'],
      [{ sort: 'id,desc' }, '不支持的排序方式: id,desc'],
      [{ page: -1 }, 'page 不能小于 0'],
      [{ size: 5000 }, 'size 不能超过 1000'],
      [{ size: 'x' }, 'size 必须是整数'],
      [{ type: 'nope' }, undefined],
      [{ deptId: 99999999999 }, 'deptId 超出范围'],
      [{ classify: 'x' }, 'classify 必须是整数'],
      [{ isTrans: '9' }, 'isTrans 只能是 1、2 或 3'],
    ] as Array<[Record<string, unknown>, string | undefined]>) {
      const res = await get(translator, query);
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
  });

  it('filters by class including descendants, and shows noise only with the noise class', async () => {
    const leaf = await classId('A1001');
    const [{ pid }] = await db.query('SELECT pid FROM news_classify WHERE id = $1', [leaf]);
    const leaves: number[] = (await db.query('SELECT id FROM news_classify WHERE pid = $1', [pid])).map((r: { id: number }) => r.id);
    const byParent = await list(translator, { classify: pid, size: 1000 });
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM news WHERE classify && $1::int[] AND NOT is_noise', [leaves]);
    expect(byParent.totalElements).toBe(n);
    expect(n).toBeGreaterThan(0);
    expect(byParent.content.every((r) => r.classify.some((c) => leaves.includes(c)))).toBe(true);
    const byLeaf = await list(translator, { classify: leaf, size: 1000 });
    expect(byLeaf.totalElements).toBeGreaterThan(0);
    expect(byLeaf.totalElements).toBeLessThan(byParent.totalElements);
    expect(byLeaf.content.every((r) => r.classify.includes(leaf))).toBe(true);

    const all = await list(translator, { size: 1000 });
    expect(all.content.some((r) => r.classify.includes(noiseId))).toBe(false);
    expect((await list(translator, { classify: 9999 })).totalElements).toBe(all.totalElements);
    const noise = await list(translator, { classify: noiseId, size: 1000 });
    expect(noise.totalElements).toBe(noiseCount);
    expect(noise.content.every((r) => r.classify.includes(noiseId))).toBe(true);
  });

  it('searches Chinese and English words and ranks by score', async () => {
    const cn = await list(translator, { content: '能源', size: 1000 });
    expect(cn.totalElements).toBeGreaterThan(0);
    expect(cn.totalElements).toBeLessThan(DEMO_NEWS_COUNT - noiseCount);
    const en = await list(translator, { content: 'energy', size: 1000 });
    expect(en.totalElements).toBeGreaterThan(0);
    const texts: Array<{ t: string }> = await db.query("SELECT concat_ws(' ', title, title_cn, content, content_cn) AS t FROM news WHERE id = ANY($1::bigint[])", [en.content.map((r) => r.id)]);
    expect(texts.every((r) => /energy/i.test(r.t))).toBe(true);

    const [{ ids }] = await db.query(
      `SELECT array_agg(id ORDER BY rank DESC, publish_time DESC, id DESC)::text[] AS ids FROM
         (SELECT id, publish_time, ts_rank_cd(search, '''能源'''::tsquery) AS rank FROM news WHERE NOT is_noise AND search @@ '''能源'''::tsquery) x`,
    );
    const ranked = await list(translator, { content: '能源', sort: 'scoreDesc', size: 1000 });
    expect(ranked.content.map((r) => String(r.id))).toEqual(ids);
    const asc = await list(translator, { content: '能源', sort: 'scoreAsc', size: 1000 });
    expect(asc.totalElements).toBe(ranked.totalElements);
    expect(asc.content[0].id).not.toBe(ranked.content[0].id);
    // a title hit outranks a body-only hit
    expect(`${ranked.content[0].title}${ranked.content[0].titleCn ?? ''}`).toMatch(/能源|energ/i);
  });

  it('walks every page of a filter seeing each item exactly once', async () => {
    const leaf = await classId('A1001');
    const [{ pid }] = await db.query('SELECT pid FROM news_classify WHERE id = $1', [leaf]);
    for (const sort of ['numDesc', 'dateAsc', 'updateDesc']) {
      const first = await list(translator, { classify: pid, sort, size: 7, page: 0 });
      const seen: number[] = [];
      for (let p = 0; p * 7 < first.totalElements; p++) {
        const body = await list(translator, { classify: pid, sort, size: 7, page: p });
        expect(body.totalElements).toBe(first.totalElements);
        seen.push(...body.content.map((r) => r.id));
      }
      expect(seen).toHaveLength(first.totalElements);
      expect(new Set(seen).size).toBe(first.totalElements);
    }
  });

  it('filters the department tabs and the website', async () => {
    const recommend = await list(translator, { type: 'recommend', size: 100 });
    expect(recommend.totalElements).toBe(20);
    expect(recommend.content.every((r) => r.isRecommend)).toBe(true);
    const follow = await list(translator, { type: 'follow', size: 100 });
    expect(follow.content.every((r) => r.isRecommend || r.yj)).toBe(true);
    expect(follow.totalElements).toBe(30);
    const choice = await list(translator, { type: 'choice', size: 100 });
    expect(choice.totalElements).toBe(15);
    expect(choice.content.every((r) => r.isChoice)).toBe(true);
    const [{ web_id: webId, n }] = await db.query('SELECT web_id, count(*)::int AS n FROM news WHERE NOT is_noise GROUP BY web_id ORDER BY web_id LIMIT 1');
    expect((await list(translator, { type: 'web', webId })).totalElements).toBe(n);
    expect((await get(translator, { type: 'web' })).status).toBe(400);
    const [{ id: themeId }] = await db.query('SELECT id FROM news_theme ORDER BY id LIMIT 1');
    expect((await get(translator, { type: 'theme', themeId })).status).toBe(200);
    expect((await list(translator, { imports: '1' })).totalElements).toBe(0);
  });

  it('info returns the full item, marks it read and counts the read', async () => {
    const before = (await list(reviewer, { size: 1 })).content[0];
    expect(before.isRead).toBe(false);
    const res = await t.http().get('/api/news/info').query({ id: before.id }).set('Authorization', bearer(reviewer));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: before.id, title: before.title, count: before.count + 1, isRead: true });
    expect(typeof res.body.content).toBe('string');
    expect(res.body).toHaveProperty('contentHtml');
    expect(res.body).toHaveProperty('abstracts');
    const after = (await list(reviewer, { size: 1 })).content[0];
    expect(after).toMatchObject({ id: before.id, isRead: true, count: before.count + 1 });
    const unread = await list(reviewer, { isRead: '1', size: 1000 });
    expect(unread.content.some((r) => r.id === before.id)).toBe(false);
    // another user still sees it unread
    expect((await list(translator, { size: 1 })).content[0].isRead).toBe(false);
  });

  it('counts 20 concurrent reads exactly', async () => {
    const row = (await list(translator, { sort: 'dateAsc', size: 1 })).content[0];
    const results = await Promise.all(Array.from({ length: 20 }, () => t.http().get('/api/news/info').query({ id: row.id }).set('Authorization', bearer(translator))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [{ count }] = await db.query('SELECT count FROM news WHERE id = $1', [row.id]);
    expect(count).toBe(row.count + 20);
  });

  it('answers 401, 403 and 404', async () => {
    expect((await t.http().get('/api/news/list')).status).toBe(401);
    expect((await t.http().get('/api/news/info?id=1')).status).toBe(401);
    expect((await get(nobody)).status).toBe(403);
    expect((await t.http().get('/api/news/info?id=1').set('Authorization', bearer(nobody))).status).toBe(403);
    const depts: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM sys_dept');
    const dept = (name: string) => depts.find((d) => d.name === name)!.id;
    expect((await get(translator, { deptId: dept('期刊编辑部') })).status).toBe(403);
    expect((await t.http().get('/api/news/info').query({ id: 1, deptId: dept('期刊编辑部') }).set('Authorization', bearer(translator))).status).toBe(403);
    expect((await get(translator, { deptId: dept('编译部') })).status).toBe(200);
    expect((await get(translator, { deptId: dept('新闻中心') })).status).toBe(200);
    const missing = await t.http().get('/api/news/info?id=99999999').set('Authorization', bearer(translator));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('新闻不存在或已被删除');
    expect((await t.http().get('/api/news/info?id=abc').set('Authorization', bearer(translator))).status).toBe(400);
    expect((await t.http().get('/api/news/info?id=100000000000000000000').set('Authorization', bearer(translator))).status).toBe(400);
  });

  it('updates tracking, warning and the department classification', async () => {
    const row = (await list(translator, { sort: 'dateAsc', page: 3, size: 1 })).content[0];
    const post = (path: string, body: object, token = translator) => t.http().post(`/api/news/${path}`).set('Authorization', bearer(token)).send(body);
    expect((await post('updateIsRecommend', { id: row.id, isRecommend: true })).status).toBe(200);
    expect((await post('updateYjData', { id: row.id, yj: true })).status).toBe(200);
    const leaf = await classId('A2001');
    expect((await post('updateClassify', { id: row.id, classify: [leaf] })).status).toBe(200);
    const [{ pid }] = await db.query('SELECT pid FROM news_classify WHERE id = $1', [leaf]);
    expect((await post('updateClassify', { id: row.id, classify: [pid] })).status).toBe(400);
    const info = await t.http().get('/api/news/info').query({ id: row.id }).set('Authorization', bearer(translator));
    expect(info.body).toMatchObject({ isRecommend: true, yj: true, classify: [leaf] });
    // 预警列表 shows who warned and when; taking the warning back clears both
    const warned = (await list(translator, { type: 'yj', size: 1000 })).content.find((r: { id: number }) => r.id === row.id) as unknown as { yjTime: string };
    const [{ nick }] = await db.query("SELECT nick_name AS nick FROM sys_user WHERE username = 'translator'");
    expect(warned).toMatchObject({ yj: true, yjBy: nick });
    expect(warned.yjTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await post('updateYjData', { id: row.id, yj: false })).status).toBe(200);
    const [cleared] = await db.query('SELECT yj, yj_by AS "yjBy", yj_time AS "yjTime" FROM news_dept WHERE news_id = $1 AND yj_by IS NULL AND NOT yj', [row.id]);
    expect(cleared).toEqual({ yj: false, yjBy: null, yjTime: null });
    expect((await post('updateYjData', { id: row.id, yj: true })).status).toBe(200);
    // other work departments keep the global classification (the editor's 出版中心)
    const other = await t.http().get('/api/news/info').query({ id: row.id }).set('Authorization', bearer(await t.login('editor')));
    expect(other.body).toMatchObject({ isRecommend: false, yj: false, classify: row.classify });
    expect((await post('updateIsRecommend', { id: 99999999, isRecommend: true })).status).toBe(404);
    expect((await post('updateIsRecommend', { id: row.id, isRecommend: true }, nobody)).status).toBe(403);
    expect((await post('updateYjData', { id: row.id })).status).toBe(400);
  });
});
