import { DataSource } from 'typeorm';
import { insertNews } from './utils/factories';
import { connect, type Live, listen, waitFor } from './utils/live-client';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * The translation workflow over HTTP (issue 5): claim → save → submit → review → re-review, the
 * 50-way claim race, permission / wrong-editor / self-review refusals, versions, diff, release.
 * translator (编译部) and reviewer (国际新闻部) both work on their parent 新闻中心's copy.
 */
describe('translation workflow (api/news/submitTranslate ...)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let reviewer: string;
  let nobody: string;
  let center: number;
  let translatorId: number;
  let reviewerId: number;
  let seq = 0;

  /** A fresh item (no department has touched it), with a country and a machine translation. */
  async function freshItem(contentCn: string | null = '<p>机器翻译第一段。</p><p>第二段 &amp; 结尾。</p>'): Promise<number> {
    seq += 1;
    return insertNews(db, { title: `Translation test item ${seq}`, content: 'Original text.', contentCn, country: '美国', language: 'en' });
  }

  const post = (path: string, body: object, token: string | null = translator) => {
    const r = t.http().post(`/api/news/${path}`).send(body);
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const get = (path: string, query: object, token: string | null = translator) => {
    const r = t.http().get(`/api/news/${path}`).query(query);
    return token ? r.set('Authorization', bearer(token)) : r;
  };
  const submit = (id: number, status: string, token: string | null, extra: object = {}) =>
    post('submitTranslate', { id, deptId: center, content: { status, ...extra } }, token);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('no-translation-roles');
    center = Number((await db.query(`SELECT id FROM sys_dept WHERE name = '新闻中心'`))[0].id);
    translatorId = Number((await db.query(`SELECT id FROM sys_user WHERE username = 'translator'`))[0].id);
    reviewerId = Number((await db.query(`SELECT id FROM sys_user WHERE username = 'reviewer'`))[0].id);
  });
  afterAll(() => t.close());

  it('claim → save → submit → review → re-review, with the identities from the session', async () => {
    const id = await freshItem();
    const claim = await submit(id, 'edit', translator, { editorId: 999, editorName: 'spoofed' });
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ id, deptId: center, transStatus: 'edit', version: 1, editorId: translatorId, editorName: 'translator' });
    // Prefill: the country, then the machine translation without markup.
    expect(claim.body.contentTrans).toBe('美国\n\n机器翻译第一段。\n第二段 & 结尾。');

    const save = await submit(id, 'edit', translator, { contentTrans: '<p>人工译文初稿</p>' });
    expect(save.body).toMatchObject({ transStatus: 'edit', version: 1, contentTrans: '<p>人工译文初稿</p>' });

    const sent = await submit(id, 'examine', translator, { contentTrans: '<p>人工译文第一版</p>' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ transStatus: 'examine', isProcessed: 'examine', version: 1, examineId: null });

    const reviewed = await submit(id, 'done', reviewer, { version: 1, examineId: 1, examineName: 'spoofed' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ transStatus: 'done', isProcessed: 'done', examineId: reviewerId, examineName: 'reviewer', editorId: translatorId });

    const again = await submit(id, 'done', reviewer);
    expect(again.status).toBe(200);
    expect(again.body.transStatus).toBe('done');

    // The reviewer sees the same department copy in the news list (isTrans=3 = achievements).
    const achieved = await get('list', { isTrans: '3', deptId: center, size: 50, sort: 'updateDesc' }, reviewer);
    expect(achieved.status).toBe(200);
    expect(achieved.body.content.map((r: { id: number }) => r.id)).toContain(id);

    const versions = await get('translationVersions', { id, deptId: center });
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual([
      expect.objectContaining({ version: 1, status: 'done', content: '<p>人工译文第一版</p>', editorName: 'translator', examineName: 'reviewer' }),
    ]);
    expect(versions.body[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('the Chinese title travels with the translation: the department’s title in the state, the list and the detail', async () => {
    const id = await freshItem();
    const listed = async (token: string) => {
      const res = await get('list', { deptId: center, size: 100, sort: 'updateDesc', isTrans: '1' }, token);
      expect(res.status).toBe(200);
      return (res.body.content as Array<{ id: number; titleCn: string | null }>).find((r) => r.id === id);
    };
    const global = '全局机器翻译标题';
    await db.query('UPDATE news SET title_cn = $2 WHERE id = $1', [id, global]);

    // A claim without a title keeps the global one; the state says the department has none of its own.
    const claim = await submit(id, 'edit', translator);
    expect(claim.status).toBe(200);
    expect(claim.body.titleCn).toBeNull();
    expect((await listed(translator))?.titleCn).toBe(global);

    // Save: trimmed, stored for the work department, seen by its other members (the reviewer).
    const saved = await submit(id, 'edit', translator, { contentTrans: '<p>译文草稿</p>', titleCn: '  美国能源部发布新政策  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ transStatus: 'edit', contentTrans: '<p>译文草稿</p>', titleCn: '美国能源部发布新政策' });
    expect((await listed(reviewer))?.titleCn).toBe('美国能源部发布新政策');
    // A save without titleCn leaves it as it is.
    expect((await submit(id, 'edit', translator, { contentTrans: '<p>译文草稿二</p>' })).body.titleCn).toBe('美国能源部发布新政策');

    // Someone else's save carries no title either: refused as a whole, title untouched.
    const grabbed = await submit(id, 'edit', reviewer, { contentTrans: '抢', titleCn: '被抢的标题' });
    expect(grabbed.status).toBe(409);
    expect((await get('translationState', { id, deptId: center })).body.titleCn).toBe('美国能源部发布新政策');

    // Submit with the final title; a review ignores a title; the list and the detail show it after review.
    const sent = await submit(id, 'examine', translator, { contentTrans: '<p>译文终稿</p>', titleCn: '美国能源部周一发布新能源政策' });
    expect(sent.body).toMatchObject({ transStatus: 'examine', titleCn: '美国能源部周一发布新能源政策' });
    const reviewed = await submit(id, 'done', reviewer, { version: 1, titleCn: '审核人改的标题' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ transStatus: 'done', titleCn: '美国能源部周一发布新能源政策' });
    expect((await listed(reviewer))?.titleCn).toBe('美国能源部周一发布新能源政策');
    const info = await get('info', { id, deptId: center }, reviewer);
    expect(info.body.titleCn).toBe('美国能源部周一发布新能源政策');
    // Another department still sees the global title.
    const [{ id: otherDept }] = await db.query(`SELECT id FROM sys_dept WHERE name = '编译部'`);
    expect((await get('info', { id, deptId: Number(otherDept) }, translator)).body.titleCn).toBe(global);

    // A blank title gives the global one back (like updateTitleCn).
    await submit(id, 'edit', translator);
    const cleared = await submit(id, 'edit', translator, { titleCn: '   ' });
    expect(cleared.body.titleCn).toBeNull();
    expect((await listed(translator))?.titleCn).toBe(global);
    // so does null
    expect((await submit(id, 'edit', translator, { titleCn: '临时标题' })).body.titleCn).toBe('临时标题');
    expect((await submit(id, 'edit', translator, { titleCn: null })).body.titleCn).toBeNull();
  });

  it('a Chinese title that is not a string or longer than 500 characters: 400 with a readable message', async () => {
    const id = await freshItem();
    const long = await submit(id, 'edit', translator, { titleCn: '标'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('中文标题不能超过 500 个字符');
    const notText = await submit(id, 'edit', translator, { titleCn: 42 });
    expect(notText.status).toBe(400);
    expect(notText.body.message).toBe('titleCn 必须是字符串');
    // nothing was claimed by the refused calls
    expect((await get('translationState', { id, deptId: center })).body.transStatus).toBeNull();
    expect((await submit(id, 'edit', translator, { titleCn: '标'.repeat(500) })).status).toBe(200);
  });

  it('a re-claim starts the next version from the reviewed text; history keeps both; diff compares them', async () => {
    const id = await freshItem();
    await submit(id, 'edit', translator);
    await submit(id, 'examine', translator, { contentTrans: '美国能源部发布新政策。' });
    await submit(id, 'done', reviewer);

    const reclaim = await submit(id, 'edit', translator);
    expect(reclaim.body).toMatchObject({ transStatus: 'edit', version: 2, contentTrans: '美国能源部发布新政策。', isProcessed: 'done' });
    const sent = await submit(id, 'examine', translator, { contentTrans: '美国能源部周一发布了新的能源政策。' });
    expect(sent.body).toMatchObject({ version: 2, transStatus: 'examine', isProcessed: 'examine' });

    const latest = await get('latestVersion', { id, deptId: center });
    expect(latest.body).toEqual({ id, deptId: center, version: 2, contentTrans: '美国能源部周一发布了新的能源政策。', status: 'examine' });
    const versions = await get('translationVersions', { id, deptId: center });
    expect(versions.body.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'examine'],
      [1, 'done'],
    ]);

    const diff = await get('translationDiff', { id, deptId: center, from: 1, to: 2 });
    expect(diff.status).toBe(200);
    const inserted = diff.body.parts.filter((p: { op: string }) => p.op === 'insert').map((p: { text: string }) => p.text).join('');
    expect(inserted).toContain('周一');
    expect(diff.body.inserted).toBeGreaterThan(0);
    expect(diff.body.parts.map((p: { op: string; text: string }) => (p.op === 'insert' ? '' : p.text)).join('')).toBe('美国能源部发布新政策。');
    expect((await get('translationDiff', { id, deptId: center, from: 3 })).status).toBe(404);
    expect((await get('translationDiff', { id, deptId: center })).status).toBe(400);
  });

  it('while someone translates, others get 409 NEWS_TRANSLATION_LOCKED and cannot save or submit', async () => {
    const id = await freshItem();
    expect((await submit(id, 'edit', translator)).status).toBe(200);
    for (const status of ['edit', 'examine']) {
      const res = await submit(id, status, reviewer, { contentTrans: '抢' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ status: 409, code: 'NEWS_TRANSLATION_LOCKED', message: '该新闻已有人正在翻译，请点击查看详情' });
    }
    // The draft is untouched.
    const state = await get('translationState', { id, deptId: center });
    expect(state.body).toMatchObject({ editorName: 'translator', contentTrans: '美国\n\n机器翻译第一段。\n第二段 & 结尾。' });
  });

  it('50 concurrent claims by 50 translators: exactly one winner', async () => {
    const id = await freshItem();
    const roleId = Number((await db.query(`SELECT id FROM sys_role WHERE name = '翻译'`))[0].id);
    const deptId = Number((await db.query(`SELECT id FROM sys_dept WHERE name = '编译部'`))[0].id);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const username = `racer${i}`;
      await t.createUser({ username, nickName: username, enabled: true, roles: [{ id: roleId }], dept: { id: deptId } }, admin);
      tokens.push(await t.login(username));
    }
    const results = await Promise.all(tokens.map((token) => submit(id, 'edit', token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = results.find((r) => r.status === 200)!.body.editorName;
    const [row] = await db.query('SELECT editor_name, version, trans_status FROM news_dept WHERE news_id = $1 AND dept_id = $2', [id, center]);
    expect(row).toEqual({ editor_name: winner, version: 1, trans_status: 'edit' });
  });

  it('review: only examine/done, never without text, never one’s own, not a stale version', async () => {
    const untouched = await freshItem();
    expect((await submit(untouched, 'done', reviewer)).status).toBe(409);

    const editing = await freshItem();
    await submit(editing, 'edit', translator);
    const early = await submit(editing, 'done', reviewer);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('只有待审核或已审核的译文可以审核');

    // Submitting nothing: 400.
    const empty = await freshItem(null);
    await post('submitTranslate', { id: empty, deptId: center, content: { status: 'edit', contentTrans: '' } });
    const blank = await submit(empty, 'examine', translator);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('译文内容不能为空');

    // A reviewed text emptied behind the API's back still cannot be approved (the spec's message).
    const emptied = await freshItem();
    await submit(emptied, 'edit', translator);
    await submit(emptied, 'examine', translator, { contentTrans: '译文' });
    await db.query(`UPDATE news_dept SET content_trans = '' WHERE news_id = $1`, [emptied]);
    const noText = await submit(emptied, 'done', reviewer);
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe('暂无精翻，请进入详情页开始翻译');

    // The reviewer translated it: no self-review.
    const own = await freshItem();
    await submit(own, 'edit', reviewer);
    await submit(own, 'examine', reviewer, { contentTrans: '自己的译文' });
    const self = await submit(own, 'done', reviewer);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ message: '不能审核自己翻译的译文', code: 'NEWS_TRANSLATION_SELF_REVIEW' });
    // The admin (another person) may.
    expect((await submit(own, 'done', admin)).status).toBe(200);

    const stale = await freshItem();
    await submit(stale, 'edit', translator);
    await submit(stale, 'examine', translator, { contentTrans: '第一版' });
    const old = await submit(stale, 'done', reviewer, { version: 7 });
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('NEWS_TRANSLATION_STALE');
  });

  it('live notices: the department’s reviewers hear of a submission, the editor of the review', async () => {
    const url = await listen(t.app);
    const sockets: Live[] = [];
    try {
      const reviewerLive = await connect(url, { token: reviewer });
      const translatorLive = await connect(url, { token: translator });
      const editorLive = await connect(url, { token: await t.login('editor') });
      sockets.push(reviewerLive, translatorLive, editorLive);
      const id = await freshItem();
      await submit(id, 'edit', translator);
      await submit(id, 'examine', translator, { contentTrans: '待审核的译文' });
      const submitted = await waitFor(reviewerLive.inbox, (m) => m.type === 'translation.submitted' && m.newsId === String(id), 'submitted');
      expect(submitted).toMatchObject({ msgType: 'INFO', title: '有新的译文待审核', deptId: center });
      expect(submitted.msg).toContain(`李翻译 提交了《Translation test item ${seq}》`);
      await submit(id, 'done', reviewer);
      const reviewed = await waitFor(translatorLive.inbox, (m) => m.type === 'translation.reviewed' && m.newsId === String(id), 'reviewed');
      expect(reviewed.msg).toContain('王审校 审核通过了');
      // Not to the editor (no news:judge, another department tree), not the translator's own submission.
      expect(editorLive.inbox.filter((m) => m.newsId === String(id))).toEqual([]);
      expect(translatorLive.inbox.filter((m) => m.type === 'translation.submitted' && m.newsId === String(id))).toEqual([]);
    } finally {
      sockets.forEach((l) => l.socket.close());
    }
  });

  it('REVIEW_ALLOW_SELF=true lets a reviewer approve their own translation', async () => {
    const other = await createTestApp({ reviewAllowSelf: true });
    try {
      const token = await other.login('reviewer');
      const odb = other.app.get(DataSource);
      const id = await insertNews(odb, { title: 'self' });
      const dept = Number((await odb.query(`SELECT id FROM sys_dept WHERE name = '新闻中心'`))[0].id);
      const call = (status: string, extra: object = {}) =>
        other.http().post('/api/news/submitTranslate').set('Authorization', bearer(token)).send({ id, deptId: dept, content: { status, ...extra } });
      await call('edit');
      await call('examine', { contentTrans: '自审译文' });
      const res = await call('done');
      expect(res.status).toBe(200);
      expect(res.body.examineName).toBe('reviewer');
    } finally {
      await other.close();
    }
  });

  it('release: the editor or an administrator; back to the latest submitted version or untranslated', async () => {
    const id = await freshItem();
    await submit(id, 'edit', translator);
    expect((await post('releaseTranslate', { id, deptId: center }, reviewer)).status).toBe(403);
    const released = await post('releaseTranslate', { id, deptId: center });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ transStatus: null, version: 0, editorId: null, contentTrans: null });
    expect((await post('releaseTranslate', { id, deptId: center })).status).toBe(409);

    // Now reviewer may claim it; an administrator releases it back to v1 (reviewed).
    await submit(id, 'edit', reviewer);
    await submit(id, 'examine', reviewer, { contentTrans: '第一版译文' });
    await submit(id, 'done', admin);
    await submit(id, 'edit', translator, { contentTrans: '第二版草稿' });
    const back = await post('releaseTranslate', { id, deptId: center }, admin);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ transStatus: 'done', isProcessed: 'done', version: 1, contentTrans: '第一版译文', editorName: 'reviewer', examineName: 'admin' });
  });

  it('findMyTranslate / findAllTranslate are the list with isTrans 2 / 1', async () => {
    const mine = await freshItem();
    await submit(mine, 'edit', translator);
    const my = await get('findMyTranslate', { deptId: center, size: 100, sort: 'updateDesc' });
    expect(my.status).toBe(200);
    expect(my.body.content.map((r: { id: number }) => r.id)).toContain(mine);
    expect(my.body.content.every((r: { editorName: string }) => r.editorName === 'translator')).toBe(true);
    const all = await get('findAllTranslate', { deptId: center, size: 100, sort: 'updateDesc' }, reviewer);
    expect(all.body.content.map((r: { id: number }) => r.id)).toContain(mine);
    expect(all.body.content.every((r: { transStatus: string }) => ['edit', 'examine', 'done'].includes(r.transStatus))).toBe(true);
    expect((await get('findMyTranslate', {}, null)).status).toBe(401);
    expect((await get('findAllTranslate', { sort: 'bogus' })).status).toBe(400);
  });

  it('动态加工: choiceStages counts the department\'s chosen items per stage; the list filters by stage', async () => {
    const stages = async (token: string | null = reviewer, query: object = { deptId: center }) => get('choiceStages', query, token);
    const before = (await stages()).body as Record<string, number>;
    const [todo, editing, review, reviewed] = [await freshItem(), await freshItem(), await freshItem(), await freshItem()];
    for (const id of [todo, editing, review, reviewed]) expect((await post('choose', { id, isChoice: true }, reviewer)).status).toBe(200);
    await submit(editing, 'edit', translator);
    await submit(review, 'edit', translator);
    await submit(review, 'examine', translator, { contentTrans: '<p>译文</p>' });
    await submit(reviewed, 'edit', translator);
    await submit(reviewed, 'examine', translator, { contentTrans: '<p>译文</p>' });
    await submit(reviewed, 'done', reviewer);
    const after = await stages();
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ todo: before.todo + 1, editing: before.editing + 1, review: before.review + 1, reviewed: before.reviewed + 1 });
    const ids = async (stage: string) =>
      ((await get('list', { type: 'choice', stage, deptId: center, size: 1000 }, reviewer)).body.content as Array<{ id: number; editorName: string | null }>).map((r) => r.id);
    const byStage = { todo: await ids('todo'), editing: await ids('editing'), review: await ids('review'), reviewed: await ids('reviewed') };
    expect(byStage.todo).toContain(todo);
    expect(byStage.editing).toEqual(expect.arrayContaining([editing]));
    expect(byStage.editing).not.toContain(review);
    expect(byStage.review).toContain(review);
    expect(byStage.reviewed).toContain(reviewed);
    expect(byStage.reviewed).not.toContain(todo);
    expect(byStage.todo.length).toBe(after.body.todo);
    const bad = await get('list', { type: 'choice', stage: 'published' }, reviewer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('stage 只能是 todo、editing、review 或 reviewed');
    expect((await stages(null)).status).toBe(401);
    expect((await stages(nobody)).status).toBe(403);
    expect((await stages(reviewer, { deptId: 99999 })).status).toBe(403);
    expect((await stages(reviewer, { deptId: 'x' })).status).toBe(400);
  });

  it('refuses without a session (401), without the permission (403), bad input (400), unknown item (404)', async () => {
    const id = await freshItem();
    expect((await submit(id, 'edit', null)).status).toBe(401);
    expect((await submit(id, 'edit', nobody)).status).toBe(403);
    // A translator without news:judge cannot review.
    await submit(id, 'edit', reviewer);
    await submit(id, 'examine', reviewer, { contentTrans: '译文' });
    expect((await submit(id, 'done', translator)).status).toBe(403);

    const bad = await post('submitTranslate', { id, deptId: center, content: { status: 'published' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status 只能是 edit、examine 或 done');
    expect((await post('submitTranslate', { id, deptId: center })).body.message).toBe('content 不能为空');
    expect((await post('submitTranslate', { deptId: center, content: { status: 'edit' } })).status).toBe(400);
    expect((await post('submitTranslate', { id, content: { status: 'edit', contentTrans: 42 } })).status).toBe(400);
    expect((await post('submitTranslate', { id, content: { status: 'edit', contentTrans: 'x'.repeat(500_001) } })).status).toBe(400);
    // Another department's copy: 403.
    expect((await post('submitTranslate', { id, deptId: 99999, content: { status: 'edit' } })).status).toBe(403);

    expect((await submit(987654321, 'edit', translator)).status).toBe(404);
    expect((await submit(987654321, 'done', reviewer)).status).toBe(404);
    expect((await post('releaseTranslate', { id: 987654321, deptId: center })).status).toBe(404);
    expect((await get('latestVersion', { id: 987654321, deptId: center })).status).toBe(404);
    expect((await get('translationVersions', { id: 987654321 })).status).toBe(404);
    expect((await get('translationState', { id: 987654321 })).status).toBe(404);
    expect((await get('latestVersion', { id: 'abc' })).status).toBe(400);
    expect((await get('latestVersion', { id }, null)).status).toBe(401);
    expect((await get('latestVersion', { id }, nobody)).status).toBe(403);
  });
});
