import { DataSource } from 'typeorm';
import { documentTokens, queryTerms, toTsVector } from '../src/modules/news/search/tokenizer';
import { insertNews } from './utils/factories';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface Row {
  id: number;
  title: string;
  titleCn: string | null;
  webId: number | null;
  classify: number[];
  keywords: string[];
  publishTime: string;
  count: number;
  isRead: boolean;
}

interface Graph {
  nodes: Array<{ id: string; name: string; value: number }>;
  links: Array<{ source: string; target: string; value: number }>;
}

const ROW_KEYS = [
  'id', 'title', 'titleCn', 'publishTime', 'webName', 'webId', 'createBy', 'count', 'classify', 'classifyNames', 'keywords', 'language', 'country', 'url',
  'isRead', 'isCollect', 'isRecommend', 'yj', 'yjBy', 'yjTime', 'isChoice', 'isProcessed', 'hasFiles', 'editorName', 'examineName', 'transStatus', 'version', 'updateTime',
  'clusterId', 'clusterSize', 'otherSources',
].sort();

/** Every lexeme a query built from these texts can match (terms and the parts of long Chinese words). */
const lexemes = (texts: string[]) => [...new Set(texts.flatMap((x) => queryTerms(x).flatMap((q) => [q.token, ...(q.parts ?? [])])))];

/** Keyword frequencies over item keyword lists (repeats within an item count once). */
const frequencies = (rows: Array<{ keywords: string[] }>) => {
  const freq = new Map<string, number>();
  for (const r of rows) for (const k of new Set(r.keywords.map((w) => w.trim()).filter(Boolean))) freq.set(k, (freq.get(k) ?? 0) + 1);
  return freq;
};

describe('api/news discovery', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let reviewer: string;
  /** A user of another work department (出版中心). */
  let otherDesk: string;
  let nobody: string;

  const get = (path: string, query: Record<string, unknown>, token: string | null = translator) => {
    const req = t.http().get(`/api/news/${path}`).query(query);
    return token ? req.set('Authorization', bearer(token)) : req;
  };
  const post = (path: string, body: unknown, token: string | null = translator) => {
    const req = t.http().post(`/api/news/${path}`);
    return (token ? req.set('Authorization', bearer(token)) : req).send(body as object);
  };
  const noiseOf = async (ids: number[]): Promise<number[]> =>
    ((await db.query('SELECT id FROM news WHERE id = ANY($1::bigint[]) AND is_noise', [ids])) as Array<{ id: string }>).map((r) => Number(r.id));
  /** Inserts an item with a positioned search vector of its title; answers its id. */
  const insert = (title: string, keywords: string[], extra: { noise?: boolean } = {}): Promise<number> =>
    insertNews(db, { title, content: '', keywords, classify: [], isNoise: extra.noise ?? false, search: toTsVector(documentTokens({ title })) });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    otherDesk = await t.login('editor');
    nobody = await t.loginWithoutRoles('discoverless');
  });
  afterAll(() => t.close());

  describe('similarSearch', () => {
    it('answers items sharing a keyword or a title term with the source, never the source or noise', async () => {
      const source = (await get('list', { page: 3, size: 1 })).body.content[0] as Row;
      const res = await get('similarSearch', { id: source.id });
      expect(res.status).toBe(200);
      const rows = res.body as Row[];
      expect(rows.length).toBe(10);
      expect(Object.keys(rows[0]).sort()).toEqual(ROW_KEYS);
      const ids = rows.map((r) => r.id);
      expect(ids).not.toContain(source.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await noiseOf(ids)).toEqual([]);
      const words = lexemes([source.title, source.titleCn ?? '', ...source.keywords]);
      const unrelated: Array<{ id: string }> = await db.query(
        'SELECT id FROM news WHERE id = ANY($1::bigint[]) AND NOT (keywords && $2::text[] OR tsvector_to_array(search) && $3::text[])',
        [ids, source.keywords, words],
      );
      expect(unrelated).toEqual([]);
      expect(((await get('similarSearch', { id: source.id, size: 3 })).body as Row[]).map((r) => r.id)).toEqual(ids.slice(0, 3));
      expect(((await get('similarSearch', { id: source.id, size: 50 })).body as Row[]).length).toBe(50);
    });

    it('uses the title terms and the keywords with the department override; bounded to exactly the matching items', async () => {
      const s = await insert('Xyzzy plugh', ['Zqalpha']);
      const byTitle = await insert('Xyzzy frobozz', []);
      const byKeyword = await insert('Grue lantern', ['Zqalpha']);
      const byOverride = await insert('Zork flathead', ['Zqbeta']);
      const noise = await insert('Plugh advert', [], { noise: true });
      await insert('Nothing shared here', ['Zqgamma']);
      const similar = async (token: string) => ((await get('similarSearch', { id: s, size: 50 }, token)).body as Row[]).map((r) => r.id).sort();
      expect(await similar(translator)).toEqual([byTitle, byKeyword].sort());
      expect((await post('updateKeywords', { id: s, keywords: ['Zqalpha', 'Zqbeta'] })).status).toBe(200);
      expect(await similar(translator)).toEqual([byTitle, byKeyword, byOverride].sort());
      // The override is the translator's work department's: another department still sees the global keywords.
      expect(await similar(otherDesk)).toEqual([byTitle, byKeyword].sort());
      expect(await similar(translator)).not.toContain(noise);
      // A source without any searchable word or keyword has no similar items.
      const blank = await insert('!!!', []);
      expect((await get('similarSearch', { id: blank })).body).toEqual([]);
    });

    it('validates, 404 for an unknown id, 401 and 403', async () => {
      const missing = await get('similarSearch', { id: 99999999 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('新闻不存在或已被删除');
      const noId = await get('similarSearch', {});
      expect(noId.status).toBe(400);
      expect(noId.body.message).toBe('id 不能为空');
      expect((await get('similarSearch', { id: 'x' })).status).toBe(400);
      const big = await get('similarSearch', { id: 1, size: 51 });
      expect(big.status).toBe(400);
      expect(big.body.message).toBe('size 不能超过 50');
      expect((await get('similarSearch', { id: 1, size: 0 })).status).toBe(400);
      expect((await get('similarSearch', { id: 1 }, null)).status).toBe(401);
      expect((await get('similarSearch', { id: 1 }, nobody)).status).toBe(403);
    });
  });

  describe('allSearch', () => {
    it('equals GET list?content= (default sort scoreDesc), over every non-noise item', async () => {
      const res = await post('allSearch', { content: ' 能源 ' });
      expect(res.status).toBe(200);
      const list = await get('list', { content: '能源', sort: 'scoreDesc' });
      expect(res.body.totalElements).toBeGreaterThan(0);
      expect(res.body).toEqual(list.body);
      expect(res.body.totalExact).toBe(true);
      const all = await post('allSearch', { content: '能源', size: 1000 });
      const allList = await get('list', { content: '能源', sort: 'scoreDesc', size: 1000 });
      expect(all.body.content.map((r: Row) => r.id)).toEqual(allList.body.content.map((r: Row) => r.id));
      expect(all.body.content).toHaveLength(all.body.totalElements);
      expect(await noiseOf(all.body.content.map((r: Row) => r.id))).toEqual([]);
      const paged = await post('allSearch', { content: 'energy', page: '1', size: 5, sort: 'dateAsc' });
      const pagedList = await get('list', { content: 'energy', page: 1, size: 5, sort: 'dateAsc' });
      expect(paged.status).toBe(200);
      expect(paged.body).toEqual(pagedList.body);
      // No department filter: another department finds the same items.
      const other = await post('allSearch', { content: '能源', size: 1000 }, reviewer);
      expect(other.body.content.map((r: Row) => r.id).sort()).toEqual(all.body.content.map((r: Row) => r.id).sort());
    });

    it('a text without a searchable word finds nothing', async () => {
      const res = await post('allSearch', { content: '的 !!' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ content: [], totalElements: 0, totalExact: true });
    });

    it('400 for a blank, missing or bad search, 401 and 403', async () => {
      for (const body of [{ content: '   ' }, {}, { content: '' }, { content: null }]) {
        const res = await post('allSearch', body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('检索词不能为空');
      }
      expect((await post('allSearch', { content: 5 })).body.message).toBe('检索词必须是字符串');
      expect((await post('allSearch', { content: 'x'.repeat(201) })).status).toBe(400);
      const sort = await post('allSearch', { content: '能源', sort: 'bogus' });
      expect(sort.status).toBe(400);
      expect(sort.body.message).toBe('不支持的排序方式: bogus');
      expect((await post('allSearch', { content: '能源', size: 1001 })).status).toBe(400);
      expect((await post('allSearch', { content: '能源' }, null)).status).toBe(401);
      expect((await post('allSearch', { content: '能源' }, nobody)).status).toBe(403);
    });
  });

  describe('recommendList and getHomeSuggestNews', () => {
    it('falls back to hot (last 7 days, most read, unread) when the user has no subscription and the department tracks nothing', async () => {
      const [{ n }] = await db.query(
        "SELECT count(*)::int AS n FROM news_dept d JOIN sys_user u ON u.dept_id = d.dept_id WHERE u.username = 'admin' AND d.is_recommend",
      );
      expect(n).toBe(0);
      const res = await get('recommendList', {}, admin);
      expect(res.status).toBe(200);
      expect(res.body.basis).toBe('hot');
      const hot = await get('list', { type: 'hot', isRead: '1', sort: 'numDesc', size: 10 }, admin);
      expect(res.body.content.map((r: Row) => r.id)).toEqual(hot.body.content.map((r: Row) => r.id));
      expect(res.body.totalElements).toBe(hot.body.totalElements);
      expect(res.body.content).toHaveLength(10);
    });

    it('recommends recent unread items matching the subscriptions', async () => {
      const [{ id: web }] = await db.query("SELECT id FROM news_website WHERE name = 'Global Wire'");
      expect((await t.http().post('/api/newsInterest').set('Authorization', bearer(admin)).send({ websiteIds: String(web) })).status).toBe(201);
      const res = await get('recommendList', { size: 1000 }, admin);
      expect(res.body.basis).toBe('personal');
      const rows = res.body.content as Row[];
      const [{ n }] = await db.query("SELECT count(*)::int AS n FROM news WHERE web_id = $1 AND NOT is_noise AND publish_time >= now() - interval '30 days'", [web]);
      expect(n).toBeGreaterThan(0);
      expect(res.body.totalElements).toBe(n);
      expect(rows).toHaveLength(n);
      expect(rows.every((r) => r.webId === web && !r.isRead)).toBe(true);
      // One score for all (the website match): most read first.
      const counts = rows.map((r) => r.count);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(await noiseOf(rows.map((r) => r.id))).toEqual([]);
      // A subscribed inner class stands for its descendants.
      const [{ id: tech }] = await db.query("SELECT id FROM news_classify WHERE name = '科技'");
      const techIds = ((await db.query('SELECT id FROM news_classify WHERE id = $1 OR pid = $1', [tech])) as Array<{ id: number }>).map((r) => r.id);
      expect((await t.http().post('/api/newsInterest').set('Authorization', bearer(admin)).send({ websiteIds: '', classifyIds: String(tech) })).status).toBe(201);
      const byClass = (await get('recommendList', { size: 1000 }, admin)).body;
      expect(byClass.basis).toBe('personal');
      expect(byClass.content.length).toBeGreaterThan(0);
      expect((byClass.content as Row[]).every((r) => r.classify.some((c) => techIds.includes(c)))).toBe(true);
      expect((await t.http().delete('/api/newsInterest').set('Authorization', bearer(admin)).send([(await t.http().get('/api/newsInterest/findByUserId').set('Authorization', bearer(admin))).body.id])).status).toBe(200);
    });

    it('uses the department\'s tracked topics, leaves out read items; the home page puts unread first', async () => {
      const res = await get('recommendList', { size: 1000 });
      expect(res.status).toBe(200);
      expect(res.body.basis).toBe('personal');
      const rows = res.body.content as Row[];
      expect(rows.length).toBeGreaterThan(10);
      expect(res.body.totalElements).toBe(rows.length);
      // Every item shares a keyword with an item the department tracked in the last 90 days, and is recent.
      const tracked: Array<{ words: string[] }> = await db.query(
        // The translator's work department: the parent of 编译部.
        `SELECT COALESCE(d.keywords, n.keywords) AS words FROM news_dept d JOIN news n ON n.id = d.news_id
           JOIN sys_user u ON (SELECT pid FROM sys_dept WHERE id = u.dept_id) = d.dept_id
         WHERE u.username = 'translator' AND d.is_recommend AND n.publish_time >= now() - interval '90 days'`,
      );
      const topics = new Set(tracked.flatMap((r) => r.words));
      expect(rows.every((r) => r.keywords.some((k) => topics.has(k)))).toBe(true);
      const monthAgo = Date.now() - 30 * 86_400_000;
      expect(rows.every((r) => new Date(r.publishTime.replace(' ', 'T') + '+08:00').getTime() >= monthAgo - 60_000)).toBe(true);
      expect(await noiseOf(rows.map((r) => r.id))).toEqual([]);

      const page0 = (await get('recommendList', { page: 0, size: 5 })).body;
      const page1 = (await get('recommendList', { page: 1, size: 5 })).body;
      expect(page0.content.map((r: Row) => r.id)).toEqual(rows.slice(0, 5).map((r) => r.id));
      expect(page1.content.map((r: Row) => r.id)).toEqual(rows.slice(5, 10).map((r) => r.id));
      expect((await get('recommendList', {})).body.content).toHaveLength(10);

      const home = (await get('getHomeSuggestNews', {})).body as Row[];
      expect(home.map((r) => r.id)).toEqual(rows.slice(0, 10).map((r) => r.id));

      const top = rows[0];
      expect((await get('info', { id: top.id })).status).toBe(200);
      const after = (await get('recommendList', { size: 1000 })).body;
      expect(after.content.map((r: Row) => r.id)).not.toContain(top.id);
      expect(after.totalElements).toBe(res.body.totalElements - 1);
      const homeAll = (await get('getHomeSuggestNews', { size: 50 })).body as Row[];
      expect(homeAll).toHaveLength(Math.min(50, rows.length));
      const flags = homeAll.map((r) => r.isRead);
      expect([...flags].sort((a, b) => Number(a) - Number(b))).toEqual(flags);
      expect(homeAll[0].id).toBe(rows[1].id);
    });

    it('validates, 401 and 403', async () => {
      expect((await get('recommendList', { size: 0 })).status).toBe(400);
      expect((await get('recommendList', { page: -1 })).status).toBe(400);
      const big = await get('getHomeSuggestNews', { size: 51 });
      expect(big.status).toBe(400);
      expect(big.body.message).toBe('size 不能超过 50');
      expect((await get('getHomeSuggestNews', { size: 'x' })).status).toBe(400);
      expect((await get('recommendList', {}, null)).status).toBe(401);
      expect((await get('getHomeSuggestNews', {}, null)).status).toBe(401);
      expect((await get('recommendList', {}, nobody)).status).toBe(403);
      expect((await get('getHomeSuggestNews', {}, nobody)).status).toBe(403);
    });
  });

  describe('getGraphByNewsContent', () => {
    const checkGraph = (g: Graph, rows: Array<{ keywords: string[] }>) => {
      const freq = frequencies(rows);
      expect(g.nodes.length).toBe(Math.min(50, freq.size));
      expect(g.nodes.length).toBeGreaterThan(1);
      const names = new Set(g.nodes.map((n) => n.id));
      for (const n of g.nodes) {
        expect(n.name).toBe(n.id);
        expect(n.value).toBe(freq.get(n.id));
      }
      const values = g.nodes.map((n) => n.value);
      expect([...values].sort((a, b) => b - a)).toEqual(values);
      expect(g.links.length).toBeGreaterThan(0);
      expect(g.links.length).toBeLessThanOrEqual(200);
      const pairs = new Set<string>();
      for (const l of g.links) {
        expect(names.has(l.source) && names.has(l.target)).toBe(true);
        expect(l.source < l.target).toBe(true);
        expect(l.value).toBeGreaterThanOrEqual(1);
        const both = rows.filter((r) => r.keywords.includes(l.source) && r.keywords.includes(l.target)).length;
        expect(l.value).toBe(both);
        pairs.add(`${l.source}|${l.target}`);
      }
      expect(pairs.size).toBe(g.links.length);
      const weights = g.links.map((l) => l.value);
      expect([...weights].sort((a, b) => b - a)).toEqual(weights);
    };

    it('builds the keyword co-occurrence graph of the search\'s top items', async () => {
      const res = await get('getGraphByNewsContent', { content: '能源', size: 30 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['links', 'nodes']);
      const top = (await get('list', { content: '能源', sort: 'scoreDesc', size: 30 })).body.content as Row[];
      checkGraph(res.body as Graph, top);
    });

    it('without content: the newest items; classify narrows', async () => {
      const res = await get('getGraphByNewsContent', {});
      expect(res.status).toBe(200);
      checkGraph(res.body as Graph, (await get('list', { size: 100 })).body.content as Row[]);
      const [{ id: tech }] = await db.query("SELECT id FROM news_classify WHERE name = '科技'");
      const narrowed = await get('getGraphByNewsContent', { classify: tech, size: 500 });
      checkGraph(narrowed.body as Graph, (await get('list', { classify: tech, size: 500 })).body.content as Row[]);
      const [{ id: noise }] = await db.query("SELECT id FROM news_classify WHERE code = 'A5000'");
      expect((await get('getGraphByNewsContent', { classify: noise })).body).toEqual({ nodes: [], links: [] });
      expect((await get('getGraphByNewsContent', { content: '的' })).body).toEqual({ nodes: [], links: [] });
    });

    it('validates, 401 and 403', async () => {
      const big = await get('getGraphByNewsContent', { size: 501 });
      expect(big.status).toBe(400);
      expect(big.body.message).toBe('size 不能超过 500');
      expect((await get('getGraphByNewsContent', { content: 'x'.repeat(201) })).status).toBe(400);
      expect((await get('getGraphByNewsContent', { classify: 'x' })).status).toBe(400);
      expect((await get('getGraphByNewsContent', {}, null)).status).toBe(401);
      expect((await get('getGraphByNewsContent', {}, nobody)).status).toBe(403);
    });
  });
});
