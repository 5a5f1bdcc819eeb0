import { DataSource } from 'typeorm';
import { insertNews as insertNewsItem } from './utils/factories';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface ShareItem {
  id: number;
  newsId: number;
  newsTitle: string | null;
  content: string | null;
  fromId: { id: number; username: string; nickName: string };
  toId: { id: number; username: string; nickName: string };
  newsDeleted: boolean;
}

describe('api/newsSuggest', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  const ids: Record<string, number> = {};
  let newsA: number;
  let newsB: number;

  const insertNews = (title: string, titleCn: string | null): Promise<number> => insertNewsItem(db, { title, titleCn });
  const share = (token: string, body: object) => t.http().post('/api/newsSuggest').set('Authorization', bearer(token)).send(body);
  const list = (token: string, query = '') => t.http().get(`/api/newsSuggest${query}`).set('Authorization', bearer(token));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    await t.createUser({ username: 'noshare', nickName: '无角色', enabled: true, roles: [] }, admin);
    nobody = await t.login('noshare');
    await t.createUser({ username: 'disabled', nickName: '停用', enabled: false, roles: [] }, admin);
    const users: Array<{ id: number; username: string }> = await db.query(`SELECT id, username FROM sys_user`);
    for (const u of users) ids[u.username] = u.id;
    newsA = await insertNews('Grid storage breakthrough', '电网储能突破');
    newsB = await insertNews('Chip export rules', '芯片出口规则');
  });
  afterAll(() => t.close());

  it('shares to two recipients as two records, the sender always the caller', async () => {
    const res = await share(editor, { newsId: newsA, toIds: [ids.translator, ids.reviewer], fromId: ids.admin, content: '请看一下' });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((s: ShareItem) => s.toId.id)).toEqual([ids.translator, ids.reviewer]);
    for (const s of res.body as ShareItem[]) {
      expect(s).toMatchObject({ newsId: newsA, newsTitle: 'Grid storage breakthrough', content: '请看一下', newsDeleted: false });
      expect(s.fromId).toEqual({ id: ids.editor, username: 'editor', nickName: expect.any(String) });
    }
    const rows: Array<{ n: number }> = await db.query('SELECT count(*)::int AS n FROM news_suggest WHERE news_id = $1 AND from_id = $2', [newsA, ids.editor]);
    expect(rows[0].n).toBe(2);
    const single = await share(translator, { newsId: String(newsB), toId: ids.editor, newsTitle: '芯片', newsTitleCn: '芯片出口' });
    expect(single.status).toBe(201);
    expect(single.body[0]).toMatchObject({ newsTitle: '芯片', fromId: { id: ids.translator }, toId: { id: ids.editor, username: 'editor' }, content: null });
  });

  it('any logged-in user may share, even without roles', async () => {
    const res = await share(nobody, { newsId: newsB, toId: ids.reviewer });
    expect(res.status).toBe(201);
  });

  it('lists my shares and shares to me, newest first', async () => {
    const mine = await list(editor, `?fromId=${ids.editor}`);
    expect(mine.status).toBe(200);
    expect(mine.body.totalElements).toBe(2);
    expect(mine.body.content.every((s: ShareItem) => s.fromId.id === ids.editor)).toBe(true);
    const toMe = await list(editor, `?toId=${ids.editor}`);
    expect(toMe.body.totalElements).toBe(1);
    expect(toMe.body.content[0]).toMatchObject({ newsId: newsB, fromId: { id: ids.translator, username: 'translator' } });
    const both = await list(editor);
    expect(both.body.totalElements).toBe(3);
    const ordered = both.body.content.map((s: ShareItem) => s.id);
    expect(ordered).toEqual([...ordered].sort((a: number, b: number) => b - a));
    const reviewerInbox = await list(reviewer, `?toId=${ids.reviewer}`);
    expect(reviewerInbox.body.totalElements).toBe(2);
    expect(reviewerInbox.body.content[0].fromId.username).toBe('noshare');
  });

  it('filters by title and pages with a default size of 15', async () => {
    expect((await list(editor, '?title=芯片')).body.totalElements).toBe(1);
    expect((await list(editor, '?title=grid')).body.totalElements).toBe(2);
    for (let i = 0; i < 16; i++) await share(admin, { newsId: newsA, toId: ids.translator });
    const first = await list(translator, `?toId=${ids.translator}`);
    expect(first.body.totalElements).toBe(17);
    expect(first.body.content).toHaveLength(15);
    const second = await list(translator, `?toId=${ids.translator}&page=1`);
    expect(second.body.content).toHaveLength(2);
    expect((await list(translator, `?toId=${ids.translator}&size=5&page=3`)).body.content).toHaveLength(2);
  });

  it('refuses another user\'s fromId or toId with 403', async () => {
    const from = await list(editor, `?fromId=${ids.translator}`);
    expect(from.status).toBe(403);
    expect(from.body.message).toBe('只能查看自己发出或收到的分享');
    expect((await list(editor, `?toId=${ids.translator}`)).status).toBe(403);
    expect((await list(admin, `?toId=${ids.translator}`)).status).toBe(403);
  });

  it('shows one share to its sender and recipient only', async () => {
    const id = (await list(editor, `?fromId=${ids.editor}`)).body.content[0].id;
    const bySender = await t.http().get(`/api/newsSuggest/${id}`).set('Authorization', bearer(editor));
    expect(bySender.status).toBe(200);
    expect(bySender.body).toMatchObject({ id, newsId: newsA, newsDeleted: false });
    const recipient = bySender.body.toId.username as string;
    const token = recipient === 'translator' ? translator : reviewer;
    expect((await t.http().get(`/api/newsSuggest/${id}`).set('Authorization', bearer(token))).status).toBe(200);
    expect((await t.http().get(`/api/newsSuggest/${id}`).set('Authorization', bearer(nobody))).status).toBe(403);
    expect((await t.http().get('/api/newsSuggest/99999999').set('Authorization', bearer(editor))).status).toBe(404);
    expect((await t.http().get('/api/newsSuggest/abc').set('Authorization', bearer(editor))).status).toBe(400);
  });

  it('answers 404 with the spec message when the shared news was deleted, and flags it in lists', async () => {
    const gone = await insertNews('Soon deleted', null);
    const created = await share(reviewer, { newsId: gone, toId: ids.editor });
    const id = created.body[0].id;
    await db.query('DELETE FROM news WHERE id = $1', [gone]);
    const res = await t.http().get(`/api/newsSuggest/${id}`).set('Authorization', bearer(editor));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('该分享的新闻已被删除');
    const inbox = await list(editor, `?toId=${ids.editor}`);
    expect(inbox.body.content.find((s: ShareItem) => s.id === id)).toMatchObject({ newsDeleted: true, newsTitle: 'Soon deleted' });
    expect((await share(reviewer, { newsId: gone, toId: ids.editor })).status).toBe(404);
  });

  it('deletes the caller\'s sent or received shares only', async () => {
    const sent = (await list(editor, `?fromId=${ids.editor}`)).body.content.map((s: ShareItem) => s.id);
    const received = (await list(editor, `?toId=${ids.editor}`)).body.content.map((s: ShareItem) => s.id);
    const foreign = (await list(admin, `?fromId=${ids.admin}`)).body.content[0].id;
    expect((await t.http().delete('/api/newsSuggest').set('Authorization', bearer(editor)).send([sent[0], foreign])).status).toBe(404);
    expect((await list(editor)).body.totalElements).toBe(sent.length + received.length);
    const ok = await t.http().delete('/api/newsSuggest/').set('Authorization', bearer(editor)).send([sent[0], received[0]]);
    expect(ok.status).toBe(200);
    expect((await list(editor)).body.totalElements).toBe(sent.length + received.length - 2);
    expect((await t.http().delete('/api/newsSuggest').set('Authorization', bearer(editor)).send([sent[0]])).status).toBe(404);
  });

  it('answers 400 on bad input and for unknown or disabled recipients', async () => {
    const cases: Array<[object, string]> = [
      [{ toId: ids.editor }, '新闻 id 不能为空'],
      [{ newsId: 'x', toId: ids.editor }, '新闻 id 必须是整数'],
      [{ newsId: newsA }, '请选择接收人'],
      [{ newsId: newsA, toIds: [] }, '请选择接收人'],
      [{ newsId: newsA, toIds: 'abc' }, '接收人列表必须是数组'],
      [{ newsId: newsA, toIds: ['a'] }, '接收人 id 必须是整数'],
      [{ newsId: newsA, toId: 99999 }, '接收人不存在'],
      [{ newsId: newsA, toIds: [ids.editor, 99999] }, '接收人不存在'],
      [{ newsId: newsA, toId: ids.disabled }, '接收人不存在'],
      [{ newsId: newsA, toIds: [1e12] }, '接收人不存在'],
      [{ newsId: 1e20, toId: ids.editor }, '新闻 id 超出范围'],
      [{ newsId: newsA, toId: ids.editor, content: 'x'.repeat(2001) }, '分享内容不能超过 2000 个字符'],
      [{ newsId: newsA, toId: ids.editor, content: 5 }, '分享内容必须是字符串'],
    ];
    for (const [body, message] of cases) {
      const res = await share(translator, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.message]).toEqual([JSON.stringify(body).slice(0, 60), 400, message]);
    }
    expect((await share(translator, { newsId: newsA, toId: ids.editor, content: 'x'.repeat(2000) })).status).toBe(201);
    expect((await share(translator, { newsId: 99999999, toId: ids.editor })).status).toBe(404);
    expect((await list(editor, '?size=1001')).body.message).toBe('size 不能超过 1000');
    expect((await list(editor, '?fromId=abc')).status).toBe(400);
    expect((await list(editor, '?page=-1')).status).toBe(400);
    expect((await t.http().delete('/api/newsSuggest').set('Authorization', bearer(editor)).send([])).status).toBe(400);
    expect((await t.http().delete('/api/newsSuggest').set('Authorization', bearer(editor)).send({})).status).toBe(400);
  });

  describe('PUT (the sender edits the note)', () => {
    const edit = (token: string | null, body: unknown) => {
      const req = t.http().put('/api/newsSuggest');
      return (token ? req.set('Authorization', bearer(token)) : req).send(body as object);
    };
    const content = async (id: number) => ((await db.query('SELECT content FROM news_suggest WHERE id = $1', [id])) as Array<{ content: string | null }>)[0].content;
    let id: number;

    beforeAll(async () => {
      id = (await share(reviewer, { newsId: newsB, toId: ids.translator, content: '原留言' })).body[0].id;
    });

    it('204: the sender changes the note (trimmed); the change is audited', async () => {
      const res = await edit(reviewer, { id, content: '  改过的留言 ' });
      expect(res.status).toBe(204);
      expect(await content(id)).toBe('改过的留言');
      expect((await t.http().get(`/api/newsSuggest/${id}`).set('Authorization', bearer(translator))).body.content).toBe('改过的留言');
      expect((await edit(reviewer, { id: String(id), content: 'x'.repeat(2000) })).status).toBe(204);
      const [audit] = await db.query(`SELECT description, username FROM sys_log WHERE description = '修改分享' ORDER BY id DESC LIMIT 1`);
      expect(audit).toEqual({ description: '修改分享', username: 'reviewer' });
    });

    it('401 without a session; 403 to the recipient; 404 to anyone else and for an unknown id; nothing changes', async () => {
      await edit(reviewer, { id, content: '保留' });
      expect((await edit(null, { id, content: '匿名' })).status).toBe(401);
      const recipient = await edit(translator, { id, content: '收件人改' });
      expect([recipient.status, recipient.body.message]).toEqual([403, '只能修改自己发出的分享']);
      for (const token of [editor, admin, nobody]) {
        const res = await edit(token, { id, content: '旁人改' });
        expect([res.status, res.body.message]).toEqual([404, `分享不存在: id is ${id}`]);
      }
      const unknown = await edit(reviewer, { id: 99999999, content: '不存在' });
      expect([unknown.status, unknown.body.message]).toEqual([404, '分享不存在: id is 99999999']);
      expect(await content(id)).toBe('保留');
    });

    it('400: no or a bad id, empty, blank, too long or non-text content', async () => {
      const cases: Array<[unknown, string]> = [
        [{ content: '留言' }, 'id 不能为空'],
        [{ id: 'x', content: '留言' }, 'id 必须是整数'],
        [{ id: 0, content: '留言' }, 'id 必须是正整数'],
        [{ id }, '分享内容不能为空'],
        [{ id, content: '' }, '分享内容不能为空'],
        [{ id, content: '   ' }, '分享内容不能为空'],
        [{ id, content: null }, '分享内容不能为空'],
        [{ id, content: 5 }, '分享内容必须是字符串'],
        [{ id, content: 'x'.repeat(2001) }, '分享内容不能超过 2000 个字符'],
      ];
      for (const [body, message] of cases) {
        const res = await edit(reviewer, body);
        expect([JSON.stringify(body).slice(0, 40), res.status, res.body.message]).toEqual([JSON.stringify(body).slice(0, 40), 400, message]);
      }
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.http().get('/api/newsSuggest')).status).toBe(401);
    expect((await t.http().get('/api/newsSuggest/1')).status).toBe(401);
    expect((await t.http().post('/api/newsSuggest').send({ newsId: newsA, toId: ids.editor })).status).toBe(401);
    expect((await t.http().delete('/api/newsSuggest').send([1])).status).toBe(401);
  });
});
