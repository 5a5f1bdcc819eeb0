import { DataSource } from 'typeorm';
import { insertNews as insertNewsItem } from './utils/factories';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

describe('api/newsCollect', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let nobody: string;
  let editorId: number;
  let translatorId: number;
  const news: number[] = [];

  /** A news row: title, publish day offset, read count. */
  const insertNews = (title: string, titleCn: string | null, publishDay: number, count: number): Promise<number> =>
    insertNewsItem(db, { title, titleCn, publishTime: new Date(Date.parse('2026-01-01T08:00:00+08:00') + publishDay * 86_400_000), webName: '测试网站', count });

  const list = (token: string, query = '') => t.http().get(`/api/newsCollect${query}`).set('Authorization', bearer(token));
  const collect = (token: string, body: object) => t.http().post('/api/newsCollect').set('Authorization', bearer(token)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    await t.createUser({ username: 'nocollect', nickName: '无角色', enabled: true, roles: [] }, admin);
    nobody = await t.login('nocollect');
    const users: Array<{ id: number; username: string }> = await db.query(`SELECT id, username FROM sys_user WHERE username IN ('editor', 'translator')`);
    editorId = users.find((u) => u.username === 'editor')!.id;
    translatorId = users.find((u) => u.username === 'translator')!.id;
    news.push(await insertNews('Energy policy update', '能源政策更新', 1, 5));
    news.push(await insertNews('Solar energy energy report', '太阳能报告', 3, 1));
    news.push(await insertNews('Market news', '市场新闻', 2, 9));
    // The score sort ranks by the search vector the news service writes; set a simple one here.
    await db.query(`UPDATE news SET search = to_tsvector('simple', title) WHERE id = ANY($1::bigint[])`, [news]);
  });
  afterAll(() => t.close());

  it('collects a news item for the caller, idempotently, ignoring userId in the body', async () => {
    const first = await collect(editor, { newsId: news[0], userId: translatorId, newsTitle: '自定义标题' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ newsId: news[0], userId: editorId, newsTitle: '自定义标题', newsTitleCn: '能源政策更新' });
    expect(first.body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await collect(editor, { newsId: String(news[0]) });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const rows: Array<{ n: number }> = await db.query('SELECT count(*)::int AS n FROM news_collect WHERE news_id = $1', [news[0]]);
    expect(rows[0].n).toBe(1);
    await collect(editor, { newsId: news[1] });
    await collect(editor, { newsId: news[2] });
  });

  it('lists the caller\'s collections with news fields, dateDesc by default', async () => {
    const res = await list(editor);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(3);
    expect(res.body.content.map((r: { newsId: number }) => r.newsId)).toEqual([news[1], news[2], news[0]]);
    expect(res.body.content[2]).toMatchObject({ newsId: news[0], title: 'Energy policy update', titleCn: '能源政策更新', webName: '测试网站', count: 5 });
    expect(Object.keys(res.body.content[0])).toEqual(expect.arrayContaining(['id', 'newsId', 'title', 'titleCn', 'publishTime', 'webName', 'count', 'createTime']));
    // Another user sees none of them.
    expect((await list(translator)).body).toEqual({ content: [], totalElements: 0 });
  });

  it('sorts by date, reads, collection time and score, and pages', async () => {
    const ids = async (query: string) => (await list(editor, query)).body.content.map((r: { newsId: number }) => r.newsId);
    expect(await ids('?sort=dateAsc')).toEqual([news[0], news[2], news[1]]);
    expect(await ids('?sort=numDesc')).toEqual([news[2], news[0], news[1]]);
    expect(await ids('?sort=numAsc')).toEqual([news[1], news[0], news[2]]);
    expect(await ids('?sort=createAsc')).toEqual([news[0], news[1], news[2]]);
    expect(await ids('?sort=createDesc')).toEqual([news[2], news[1], news[0]]);
    // score without title text falls back to the date
    expect(await ids('?sort=scoreDesc')).toEqual([news[1], news[2], news[0]]);
    expect(await ids('?sort=scoreDesc&title=energy')).toEqual([news[1], news[0]]);
    const paged = await list(editor, '?sort=dateAsc&page=1&size=2');
    expect(paged.body.totalElements).toBe(3);
    expect(paged.body.content.map((r: { newsId: number }) => r.newsId)).toEqual([news[1]]);
  });

  it('filters by title or Chinese title', async () => {
    expect((await list(editor, '?title=市场')).body.content.map((r: { newsId: number }) => r.newsId)).toEqual([news[2]]);
    expect((await list(editor, '?title=ENERGY')).body.totalElements).toBe(2);
    expect((await list(editor, '?title=%25')).body.totalElements).toBe(0);
  });

  it('edits the caller\'s own record only', async () => {
    const mine = (await list(editor, '?title=Market')).body.content[0];
    const edited = await t.http().put('/api/newsCollect').set('Authorization', bearer(editor)).send({ id: mine.id, newsTitle: '改过的标题', newsTitleCn: null });
    expect(edited.status).toBe(204);
    const rows: Array<{ news_title: string; news_title_cn: string | null }> = await db.query('SELECT news_title, news_title_cn FROM news_collect WHERE id = $1', [mine.id]);
    expect(rows[0]).toEqual({ news_title: '改过的标题', news_title_cn: null });
    expect((await t.http().put('/api/newsCollect').set('Authorization', bearer(translator)).send({ id: mine.id, newsTitle: 'x' })).status).toBe(404);
  });

  it('leaves out items whose news was deleted', async () => {
    const gone = await insertNews('To be deleted', null, 5, 0);
    expect((await collect(editor, { newsId: gone })).status).toBe(201);
    expect((await list(editor)).body.totalElements).toBe(4);
    await db.query('DELETE FROM news WHERE id = $1', [gone]);
    const after = await list(editor);
    expect(after.body.totalElements).toBe(3);
    expect(after.body.content.map((r: { newsId: number }) => r.newsId)).not.toContain(gone);
    await db.query('DELETE FROM news_collect WHERE news_id = $1', [gone]);
  });

  it('un-collects by newsId and userId, idempotently, only for oneself', async () => {
    await collect(translator, { newsId: news[0] });
    const other = await t.http().delete(`/api/newsCollect/deleteByNewsIdAndUserId?newsId=${news[0]}&userId=${editorId}`).set('Authorization', bearer(translator));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('只能取消自己的收藏');
    const url = `/api/newsCollect/deleteByNewsIdAndUserId?newsId=${news[0]}&userId=${translatorId}`;
    expect((await t.http().delete(url).set('Authorization', bearer(translator))).status).toBe(200);
    expect((await t.http().delete(url).set('Authorization', bearer(translator))).status).toBe(200);
    expect((await list(translator)).body.totalElements).toBe(0);
    expect((await list(editor)).body.totalElements).toBe(3);
    expect((await t.http().delete(`/api/newsCollect/deleteByNewsIdAndUserId?newsId=${news[0]}`).set('Authorization', bearer(editor))).status).toBe(200);
    expect((await list(editor)).body.totalElements).toBe(2);
  });

  it('deletes own rows by ids; others\' ids are 404 and nothing is deleted', async () => {
    const mine = (await list(editor)).body.content.map((r: { id: number }) => r.id);
    const theirs = (await collect(translator, { newsId: news[1] })).body.id;
    const foreign = await t.http().delete('/api/newsCollect').set('Authorization', bearer(editor)).send([mine[0], theirs]);
    expect(foreign.status).toBe(404);
    expect((await list(editor)).body.totalElements).toBe(2);
    const ok = await t.http().delete('/api/newsCollect/').set('Authorization', bearer(editor)).send(mine);
    expect(ok.status).toBe(200);
    expect((await list(editor)).body.totalElements).toBe(0);
    expect((await list(translator)).body.totalElements).toBe(1);
  });

  it('answers 404 for unknown news', async () => {
    const res = await collect(editor, { newsId: 99999999 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('新闻不存在或已被删除');
  });

  it('answers 400 on bad input', async () => {
    const bad: Array<[string, number]> = [
      ['?sort=hot', 400],
      ['?sort=dateDesc&sort=numAsc', 400],
      ['?sort=id,desc', 400],
      ['?size=1001', 400],
      ['?page=-1', 400],
      ['?size=abc', 400],
    ];
    for (const [query, status] of bad) expect([query, (await list(editor, query)).status]).toEqual([query, status]);
    expect((await list(editor, '?size=1001')).body.message).toBe('size 不能超过 1000');
    expect((await list(editor, '?sort=hot')).body.message).toBe('不支持的排序方式: hot');
    const missing = await collect(editor, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('新闻 id 不能为空');
    expect((await collect(editor, { newsId: 'abc' })).body.message).toBe('新闻 id 必须是整数');
    expect((await collect(editor, { newsId: news[0], newsTitle: 5 })).status).toBe(400);
    expect((await collect(editor, { newsId: 1e20 })).status).toBe(400);
    expect((await t.http().put('/api/newsCollect').set('Authorization', bearer(editor)).send({ id: 1e20, newsTitle: 'x' })).status).toBe(400);
    expect((await t.http().put('/api/newsCollect').set('Authorization', bearer(editor)).send({ newsTitle: 'x' })).status).toBe(400);
    expect((await t.http().delete('/api/newsCollect').set('Authorization', bearer(editor)).send([])).status).toBe(400);
    expect((await t.http().delete('/api/newsCollect').set('Authorization', bearer(editor)).send(['x'])).status).toBe(400);
    expect((await t.http().delete('/api/newsCollect/deleteByNewsIdAndUserId').set('Authorization', bearer(editor))).status).toBe(400);
    expect((await t.http().delete('/api/newsCollect/deleteByNewsIdAndUserId?newsId=x').set('Authorization', bearer(editor))).status).toBe(400);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await t.http().get('/api/newsCollect')).status).toBe(401);
    expect((await t.http().post('/api/newsCollect').send({ newsId: news[0] })).status).toBe(401);
    expect((await list(nobody)).status).toBe(403);
    expect((await collect(nobody, { newsId: news[0] })).status).toBe(403);
    expect((await t.http().put('/api/newsCollect').set('Authorization', bearer(nobody)).send({ id: 1 })).status).toBe(403);
    expect((await t.http().delete('/api/newsCollect').set('Authorization', bearer(nobody)).send([1])).status).toBe(403);
    expect((await t.http().delete(`/api/newsCollect/deleteByNewsIdAndUserId?newsId=${news[0]}`).set('Authorization', bearer(nobody))).status).toBe(403);
    // admin holds every permission
    expect((await collect(admin, { newsId: news[0] })).status).toBe(201);
    expect((await list(admin)).body.totalElements).toBe(1);
  });
});
