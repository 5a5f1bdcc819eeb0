import { DataSource } from 'typeorm';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Row {
  id: number;
  titleCn: string | null;
  classify: number[];
  keywords: string[];
  isChoice: boolean;
  version: number;
}

describe('api/news actions', () => {
  let t: TestApp;
  let db: DataSource;
  let translator: string;
  let reviewer: string;
  /** A user of another work department (出版中心; translator and reviewer share 新闻中心). */
  let otherDesk: string;
  let nobody: string;

  const post = (path: string, body: object, token: string | null = translator) => {
    const req = t.http().post(`/api/news/${path}`);
    return (token ? req.set('Authorization', bearer(token)) : req).send(body);
  };
  const get = (path: string, query: Record<string, unknown>, token: string | null = translator) => {
    const req = t.http().get(`/api/news/${path}`).query(query);
    return token ? req.set('Authorization', bearer(token)) : req;
  };
  const row = async (id: number, token = translator): Promise<Row | undefined> => {
    const res = await get('list', { size: 1000, sort: 'dateAsc' }, token);
    expect(res.status).toBe(200);
    return (res.body.content as Row[]).find((r) => r.id === id);
  };
  const classId = async (code: string) => ((await db.query('SELECT id FROM news_classify WHERE code = $1', [code])) as Array<{ id: number }>)[0].id;
  const pick = async (offset: number): Promise<Row> => (await get('list', { sort: 'dateAsc', page: offset, size: 1 })).body.content[0];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    otherDesk = await t.login('editor');
    nobody = await t.loginWithoutRoles('actionless');
  });
  afterAll(() => t.close());

  it('updateKeywords: normalises and overrides for the department only', async () => {
    const r = await pick(10);
    const res = await post('updateKeywords', { id: r.id, keywords: [' 能源 ', '', '能源', 'oil'], deptId: undefined });
    expect(res.status).toBe(200);
    const mine = await row(r.id);
    expect(mine?.keywords).toEqual(['能源', 'oil']);
    expect((await post('updateKeywords', { id: r.id, keywords: ['oil'] })).status).toBe(200);
    // version is the translation version: editing keywords leaves it alone.
    expect(await row(r.id)).toMatchObject({ keywords: ['oil'], version: mine!.version });
    expect((await row(r.id, otherDesk))?.keywords).toEqual(r.keywords);
    expect((await post('updateKeywords', { id: r.id, keywords: ['x'] }, null)).status).toBe(401);
    expect((await post('updateKeywords', { id: r.id, keywords: ['x'] }, nobody)).status).toBe(403);
    expect((await post('updateKeywords', { keywords: ['x'] })).status).toBe(400);
    expect((await post('updateKeywords', { id: r.id, keywords: 'x' })).status).toBe(400);
    expect((await post('updateKeywords', { id: r.id, keywords: [1] })).status).toBe(400);
    expect((await post('updateKeywords', { id: r.id, keywords: ['x'.repeat(51)] })).status).toBe(400);
    expect((await post('updateKeywords', { id: r.id, keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) })).status).toBe(400);
    expect((await post('updateKeywords', { id: 99999999, keywords: ['x'] })).status).toBe(404);
    const [{ id: otherDept }] = await db.query("SELECT id FROM sys_dept WHERE name = '期刊编辑部'");
    expect((await post('updateKeywords', { id: r.id, keywords: ['x'], deptId: otherDept })).status).toBe(403);
  });

  it('updateClassifyAndKeywords: leaf classes only, both overrides', async () => {
    const r = await pick(11);
    const leaf = await classId('A2001');
    const [{ pid }] = await db.query('SELECT pid FROM news_classify WHERE id = $1', [leaf]);
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [leaf], keywords: ['a', 'a', 'b'] })).status).toBe(200);
    expect(await row(r.id)).toMatchObject({ classify: [leaf], keywords: ['a', 'b'] });
    expect(await row(r.id, otherDesk)).toMatchObject({ classify: r.classify, keywords: r.keywords });
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [pid], keywords: [] })).status).toBe(400);
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: ['x'], keywords: [] })).status).toBe(400);
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [leaf] })).status).toBe(400);
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [leaf], keywords: [] }, null)).status).toBe(401);
    expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [leaf], keywords: [] }, nobody)).status).toBe(403);
    expect((await post('updateClassifyAndKeywords', { id: 99999999, classify: [leaf], keywords: [] })).status).toBe(404);
  });

  it('updateAbstracts and updateTitleCn', async () => {
    const r = await pick(12);
    expect((await post('updateAbstracts', { id: r.id, abstracts: '摘要' })).status).toBe(200);
    const info = await get('info', { id: r.id });
    expect(info.body.abstracts).toBe('摘要');
    expect((await get('info', { id: r.id }, otherDesk)).body.abstracts).toBeNull();
    expect((await post('updateAbstracts', { id: r.id, abstracts: 'x'.repeat(5001) })).status).toBe(400);
    expect((await post('updateAbstracts', { id: r.id, abstracts: 5 })).status).toBe(400);
    expect((await post('updateAbstracts', { abstracts: 'x' })).status).toBe(400);
    expect((await post('updateAbstracts', { id: 99999999, abstracts: 'x' })).status).toBe(404);
    expect((await post('updateAbstracts', { id: r.id, abstracts: 'x' }, null)).status).toBe(401);
    expect((await post('updateAbstracts', { id: r.id, abstracts: 'x' }, nobody)).status).toBe(403);

    expect((await post('updateTitleCn', { id: r.id, titleCn: ' 中文标题 ' })).status).toBe(200);
    expect((await row(r.id))?.titleCn).toBe('中文标题');
    expect((await row(r.id, otherDesk))?.titleCn).toBe(r.titleCn);
    expect((await post('updateTitleCn', { id: r.id, titleCn: 'x'.repeat(501) })).status).toBe(400);
    expect((await post('updateTitleCn', { id: r.id })).status).toBe(400);
    expect((await post('updateTitleCn', { id: 99999999, titleCn: 'x' })).status).toBe(404);
    expect((await post('updateTitleCn', { id: r.id, titleCn: 'x' }, null)).status).toBe(401);
    expect((await post('updateTitleCn', { id: r.id, titleCn: 'x' }, nobody)).status).toBe(403);
  });

  it('choose needs news:choice', async () => {
    const r = (await get('list', { sort: 'dateAsc', page: 13, size: 1 }, reviewer)).body.content[0] as Row;
    expect((await post('choose', { id: r.id, isChoice: !r.isChoice }, reviewer)).status).toBe(200);
    expect((await row(r.id, reviewer))?.isChoice).toBe(!r.isChoice);
    expect((await post('choose', { id: r.id, isChoice: true }, translator)).status).toBe(403);
    expect((await post('choose', { id: r.id, isChoice: true }, null)).status).toBe(401);
    expect((await post('choose', { id: r.id }, reviewer)).status).toBe(400);
    expect((await post('choose', { id: 99999999, isChoice: true }, reviewer)).status).toBe(404);
  });

  it('deleteById removes the item with its rows; shares stay', async () => {
    const r = await pick(14);
    await get('info', { id: r.id });
    await db.query('INSERT INTO news_collect (news_id, user_id) VALUES ($1, 1)', [r.id]);
    await db.query('INSERT INTO news_suggest (news_id, from_id, to_id) VALUES ($1, 1, 2)', [r.id]);
    await post('updateKeywords', { id: r.id, keywords: ['x'] });
    expect((await post('deleteById', { id: r.id }, translator)).status).toBe(403);
    expect((await post('deleteById', { id: r.id }, null)).status).toBe(401);
    expect((await post('deleteById', {}, reviewer)).status).toBe(400);
    expect((await post('deleteById', { id: r.id }, reviewer)).status).toBe(200);
    expect(await row(r.id)).toBeUndefined();
    expect((await get('info', { id: r.id })).status).toBe(404);
    for (const table of ['news_dept', 'news_user', 'news_collect']) {
      expect((await db.query(`SELECT 1 FROM ${table} WHERE news_id = $1`, [r.id])).length).toBe(0);
    }
    expect((await db.query('SELECT 1 FROM news_suggest WHERE news_id = $1', [r.id])).length).toBe(1);
    expect((await post('deleteById', { id: r.id }, reviewer)).status).toBe(404);
  });

  it('setNoise moves an item to the noise class globally and back (news:noise)', async () => {
    const r = await pick(20);
    const noise = await classId('A5000');
    await post('updateIsRecommend', { id: r.id, isRecommend: true }, reviewer);
    expect((await post('setNoise', { id: r.id }, translator)).status).toBe(403);
    expect((await post('setNoise', { id: r.id }, null)).status).toBe(401);
    const bad = await post('setNoise', { id: r.id, isNoise: 'maybe' }, reviewer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/isNoise/);
    expect((await post('setNoise', { id: 999999999 }, reviewer)).status).toBe(404);
    expect((await post('setNoise', { id: r.id }, reviewer)).status).toBe(200);
    expect(await row(r.id)).toBeUndefined();
    expect(await row(r.id, reviewer)).toBeUndefined();
    const recommended = await get('list', { type: 'recommend', size: 1000 }, reviewer);
    expect((recommended.body.content as Row[]).some((x) => x.id === r.id)).toBe(false);
    const noiseList = await get('list', { classify: noise, size: 1000 }, reviewer);
    expect((noiseList.body.content as Row[]).find((x) => x.id === r.id)?.classify).toEqual([...r.classify, noise]);
    expect((await post('setNoise', { id: r.id, isNoise: false }, reviewer)).status).toBe(200);
    expect((await row(r.id))?.classify).toEqual(r.classify);
  });

  describe('the noise class through updateClassify / updateClassifyAndKeywords (the spec noise rule)', () => {
    const inNoise = async (id: number, token: string): Promise<Row | undefined> =>
      ((await get('list', { classify: await classId('A5000'), size: 1000 }, token)).body.content as Row[]).find((x) => x.id === id);
    const isNoise = async (id: number) => ((await db.query('SELECT is_noise AS "isNoise" FROM news WHERE id = $1', [id])) as Array<{ isNoise: boolean }>)[0].isNoise;

    it('A5000 in updateClassify makes the item noise like 设为噪音 (out of every default list, under 噪音); taking it away un-noises it', async () => {
      const r = await pick(21);
      const noise = await classId('A5000');
      const leaf = await classId('A2001');
      expect((await post('updateClassify', { id: r.id, classify: [leaf, noise] }, reviewer)).status).toBe(200);
      expect(await isNoise(r.id)).toBe(true);
      for (const token of [translator, reviewer, otherDesk]) expect(await row(r.id, token)).toBeUndefined();
      expect((await inNoise(r.id, reviewer))?.classify).toEqual([leaf, noise]);
      // another department sees the item under 噪音 too, with its own (global) classes plus the noise class
      expect((await inNoise(r.id, otherDesk))?.classify).toEqual([...r.classify, noise]);

      expect((await post('updateClassify', { id: r.id, classify: [leaf] }, reviewer)).status).toBe(200);
      expect(await isNoise(r.id)).toBe(false);
      expect((await row(r.id))?.classify).toEqual([leaf]);
      expect((await row(r.id, otherDesk))?.classify).toEqual(r.classify);
      expect(await inNoise(r.id, reviewer)).toBeUndefined();
    });

    it('updateClassifyAndKeywords follows the same rule', async () => {
      const r = await pick(22);
      const noise = await classId('A5000');
      const leaf = await classId('A2001');
      expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [noise], keywords: ['噪音'] }, reviewer)).status).toBe(200);
      expect(await row(r.id)).toBeUndefined();
      expect(await inNoise(r.id, translator)).toMatchObject({ classify: [noise], keywords: ['噪音'] });
      expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [leaf], keywords: ['恢复'] }, reviewer)).status).toBe(200);
      expect(await row(r.id)).toMatchObject({ classify: [leaf], keywords: ['恢复'] });
    });

    it('setting or taking away the noise class needs news:noise (403, nothing changed); keeping it does not', async () => {
      const r = await pick(23);
      const noise = await classId('A5000');
      const [leaf, other] = [await classId('A2001'), await classId('A2002')];
      const refused = await post('updateClassify', { id: r.id, classify: [leaf, noise] }, translator);
      expect([refused.status, refused.body.message]).toEqual([403, '没有权限设置噪音分类']);
      expect(await row(r.id)).toMatchObject({ classify: r.classify });
      expect((await post('updateClassify', { id: r.id, classify: [leaf, noise] }, reviewer)).status).toBe(200);
      // the translator may edit the other classes of a noise item while keeping the noise class
      expect((await post('updateClassify', { id: r.id, classify: [other, noise] }, translator)).status).toBe(200);
      expect(await inNoise(r.id, reviewer)).toMatchObject({ classify: [other, noise] });
      expect((await post('updateClassifyAndKeywords', { id: r.id, classify: [other], keywords: [] }, translator)).status).toBe(403);
      expect(await isNoise(r.id)).toBe(true);
    });

    it('a department whose classification never showed the noise class does not un-noise the item by editing it', async () => {
      const r = await pick(24);
      const [leaf, other] = [await classId('A2001'), await classId('A2002')];
      expect((await post('updateClassify', { id: r.id, classify: [leaf] }, otherDesk)).status).toBe(200);
      expect((await post('setNoise', { id: r.id }, reviewer)).status).toBe(200);
      expect((await inNoise(r.id, otherDesk))?.classify).toEqual([leaf]);
      expect((await post('updateClassify', { id: r.id, classify: [other] }, otherDesk)).status).toBe(200);
      expect(await isNoise(r.id)).toBe(true);
      // 取消噪音 clears the noise class from every department's classification
      expect((await post('updateClassify', { id: r.id, classify: [leaf, await classId('A5000')] }, reviewer)).status).toBe(200);
      expect((await post('setNoise', { id: r.id, isNoise: false }, reviewer)).status).toBe(200);
      expect((await row(r.id, reviewer))?.classify).toEqual([leaf]);
      expect((await row(r.id, otherDesk))?.classify).toEqual([other]);
    });
  });

  it('deleteBySourceIds', async () => {
    const a = await pick(15);
    const b = await pick(16);
    await db.query("UPDATE news SET source_id = 'src-' || id WHERE id = ANY($1::bigint[])", [[a.id, b.id]]);
    const res = await post('deleteBySourceIds', { sourceIds: [`src-${a.id}`, `src-${b.id}`, 'nope'] }, reviewer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect(await row(a.id)).toBeUndefined();
    expect((await post('deleteBySourceIds', { sourceIds: ['x'] }, translator)).status).toBe(403);
    expect((await post('deleteBySourceIds', { sourceIds: ['x'] }, null)).status).toBe(401);
    expect((await post('deleteBySourceIds', { sourceIds: 'x' }, reviewer)).status).toBe(400);
    expect((await post('deleteBySourceIds', { sourceIds: Array.from({ length: 1001 }, (_, i) => `s${i}`) }, reviewer)).status).toBe(400);
  });

  it('search history: save, move to top, keep 20, delete own', async () => {
    expect((await get('getSearchHistory', {}, null)).status).toBe(401);
    expect((await get('saveSearchHistory', { content: 'x' }, null)).status).toBe(401);
    expect((await get('deleteSearchHistory', {}, null)).status).toBe(401);
    for (let i = 0; i < 22; i++) expect((await get('saveSearchHistory', { content: ` q${i} ` }, nobody)).status).toBe(200);
    expect((await get('saveSearchHistory', { content: 'q5' }, nobody)).status).toBe(200);
    let list = (await get('getSearchHistory', {}, nobody)).body as Array<{ id: number; content: string }>;
    expect(list).toHaveLength(20);
    expect(list[0].content).toBe('q5');
    expect(list[1].content).toBe('q21');
    expect(new Set(list.map((h) => h.content)).size).toBe(20);
    expect((await get('saveSearchHistory', { content: '   ' }, nobody)).status).toBe(400);
    expect((await get('saveSearchHistory', { content: 'x'.repeat(201) }, nobody)).status).toBe(400);
    expect((await get('deleteSearchHistory', { id: list[0].id }, translator)).status).toBe(404);
    expect((await get('deleteSearchHistory', { id: 'x' }, nobody)).status).toBe(400);
    expect((await get('deleteSearchHistory', { id: list[0].id }, nobody)).status).toBe(200);
    list = (await get('getSearchHistory', {}, nobody)).body;
    expect(list).toHaveLength(19);
    expect((await get('deleteSearchHistory', {}, nobody)).status).toBe(200);
    expect((await get('getSearchHistory', {}, nobody)).body).toEqual([]);
  });
});
