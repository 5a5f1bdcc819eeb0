import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DEFAULT_CLUSTER_THRESHOLD } from '../src/common/text/story-cluster';
import { loadConfig } from '../src/config/config';
import { contentHash } from '../src/modules/collect/pipeline/item';
import { NewsIngest, type IngestItem } from '../src/modules/news';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * The news side of collection (issue 16 piece 3; docs/collect-design.md §4.2, §4.3, §5.5):
 * `NewsIngest.ingest` — created, duplicate, updated, the same URL from a second source, two identical
 * batches at once — story clusters of one story reworded by three sources (lead, 另有 N 家来源,
 * `collapse=1`, similarSearch), `markWarned` and the `type=yj` list. One app bootstrap.
 */
describe('collection: NewsIngest, clusters and the list', () => {
  let t: TestApp;
  let db: DataSource;
  let ingest: NewsIngest;
  let translator: string;
  let editor: string;
  let seq = 0;
  const sites: number[] = [];
  /** Future publish times put the test's items at the top of the newest-first list. */
  const BASE = Date.now() + 3_600_000;

  const site = async (language: string | null = 'zh', country: string | null = '中国'): Promise<number> => {
    seq += 1;
    const rows: Array<{ id: number }> = await db.query('INSERT INTO news_website (name, url, language, country) VALUES ($1, $2, $3, $4) RETURNING id', [
      `采集来源${seq}`,
      `https://ingest${seq}.example.org/`,
      language,
      country,
    ]);
    sites.push(rows[0].id);
    return rows[0].id;
  };

  /** Unrelated texts, so test items do not form stories by accident. */
  const TOPICS = [
    '国务院新闻办公室举行发布会介绍稳就业政策', '某市地铁新线开通运营', '气象台发布寒潮蓝色预警', '足球联赛第三十轮战罢', '博物馆推出宋代书画特展',
    '新能源汽车出口量创新高', '高校科研团队发表量子计算论文', '港口集装箱吞吐量同比增长', '农业农村部部署秋冬种工作', '国际油价连续三日下跌',
    '电影节公布最佳影片名单', '铁路部门调整列车运行图', '茶叶采摘季提前开始', '冬奥场馆改造完工', '医保目录新增百种药品',
    '城市马拉松报名人数破纪录', '海关查获走私象牙', '古城墙修缮工程启动', '动物园大熊猫产下双胞胎', '跨海大桥合龙',
  ];
  let topic = 0;
  const item = (over: Partial<IngestItem> & { url: string }): IngestItem => {
    const theme = TOPICS[topic++ % TOPICS.length];
    const title = over.title ?? theme;
    const content = over.content ?? `${theme}。`;
    return {
      guid: null,
      title,
      content,
      contentHtml: null,
      publishTime: new Date(BASE),
      language: null,
      country: null,
      classify: [],
      keywords: ['发布会'],
      contentHash: contentHash(title, content),
      ...over,
    };
  };

  type Row = Record<string, unknown> & { id: number };
  const get = (token: string, url: string, query: Record<string, unknown>) => t.http().get(url).query(query).set('Authorization', bearer(token));
  const list = async (token: string, query: Record<string, unknown>): Promise<{ content: Row[]; totalElements: number }> => {
    const res = await get(token, '/api/news/list', query);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    // The §4.4-tuned θ (the config default COLLECT_CLUSTER_THRESHOLD is still the plan's starting 0.5).
    const base = loadConfig({ NODE_ENV: 'test', TZ: 'Asia/Shanghai' });
    t = await createTestApp({ collect: { ...base.collect, clusterThreshold: DEFAULT_CLUSTER_THRESHOLD } });
    db = t.app.get(DataSource);
    ingest = t.app.get(NewsIngest);
    translator = await t.login('translator');
    editor = await t.login('editor');
  });
  afterAll(() => t.close());

  describe('ingest (§4.2)', () => {
    let web: number;
    const A = item({ url: 'https://ingest.example.org/a', guid: 'a-1' });
    const B = item({ url: 'https://ingest.example.org/b' });
    const a = () => ({ ...A });
    const b = () => ({ ...B });

    beforeAll(async () => {
      web = await site('zh', '中国');
    });

    it('creates items like the manual entry: website name, fallbacks, search vector, source row, signature', async () => {
      const r = await ingest.ingest(web, [a(), b(), { ...b() }]);
      expect(r).toMatchObject({ created: 2, updated: 0, duplicates: 1 });
      expect(r.createdIds).toHaveLength(2);
      const rows: Array<Record<string, unknown>> = await db.query(
        `SELECT n.url, n.web_id AS "webId", n.web_name AS "webName", n.language, n.country, n.keywords, n.search IS NOT NULL AS searchable,
                n.content_hash::text AS hash, n.cluster_lead AS lead, n.cluster_checked_at IS NOT NULL AS checked, n.mt_status AS mt,
                (SELECT array_agg(s.guid) FROM news_source s WHERE s.news_id = n.id) AS guids,
                (SELECT cardinality(m.sig) FROM news_minhash m WHERE m.news_id = n.id) AS sig
           FROM news n WHERE n.id = ANY($1::bigint[]) ORDER BY n.url`,
        [r.createdIds],
      );
      expect(rows).toEqual([
        { url: a().url, webId: web, webName: '采集来源1', language: 'zh', country: '中国', keywords: ['发布会'], searchable: true, hash: a().contentHash, lead: true, checked: true, mt: null, guids: ['a-1'], sig: 256 },
        { url: b().url, webId: web, webName: '采集来源1', language: 'zh', country: '中国', keywords: ['发布会'], searchable: true, hash: b().contentHash, lead: true, checked: true, mt: null, guids: [b().url], sig: 256 },
      ]);
      const found = await db.query(`SELECT url FROM news WHERE id = ANY($1::bigint[]) AND search @@ to_tsquery('simple', '发布会')`, [r.createdIds]);
      expect(found).toEqual([{ url: a().url }]);
    });

    it('answers duplicates for the same batch again, and updates an edited item (same guid, other hash)', async () => {
      expect(await ingest.ingest(web, [a(), b()])).toEqual({ created: 0, updated: 0, duplicates: 2, createdIds: [] });
      const edited = item({ url: 'https://ingest.example.org/a-moved', guid: 'a-1', title: '修改后的标题 央行', content: '修改后的正文', keywords: ['央行'] });
      expect(await ingest.ingest(web, [edited])).toEqual({ created: 0, updated: 1, duplicates: 0, createdIds: [] });
      const [row] = await db.query(
        `SELECT title, content, keywords, content_hash::text AS hash, url, search @@ to_tsquery('simple', '央行') AS found FROM news WHERE url = $1`,
        [a().url],
      );
      expect(row).toEqual({ title: '修改后的标题 央行', content: '修改后的正文', keywords: ['央行'], hash: edited.contentHash, url: a().url, found: true });
      expect(await ingest.ingest(web, [edited])).toMatchObject({ updated: 0, duplicates: 1 });
    });

    it('adds a second source to a known URL instead of a second item', async () => {
      const other = await site('en', 'US');
      const before = await db.query('SELECT count(*)::int AS n FROM news');
      expect(await ingest.ingest(other, [item({ url: b().url, guid: 'other-b', title: 'Another title' })])).toEqual({ created: 0, updated: 0, duplicates: 1, createdIds: [] });
      expect(await db.query('SELECT count(*)::int AS n FROM news')).toEqual(before);
      const sources = await db.query('SELECT s.web_id AS "webId", s.guid FROM news_source s JOIN news n ON n.id = s.news_id WHERE n.url = $1 ORDER BY s.web_id', [b().url]);
      expect(sources).toEqual([
        { webId: web, guid: b().url },
        { webId: other, guid: 'other-b' },
      ]);
      const [row] = await db.query('SELECT title, web_id AS "webId" FROM news WHERE url = $1', [b().url]);
      expect(row).toEqual({ title: b().title, webId: web });
      // Again from that source: a duplicate, nothing added.
      expect(await ingest.ingest(other, [item({ url: b().url, guid: 'other-b', title: 'Another title' })])).toMatchObject({ created: 0, duplicates: 1 });
    });

    it('stores each item once when the same batch runs twice at the same time', async () => {
      const batch = Array.from({ length: 8 }, (_, i) => item({ url: `https://ingest.example.org/race/${i}`, guid: `race-${i}`, publishTime: new Date(BASE - i * 60_000) }));
      const results = await Promise.all([ingest.ingest(web, batch), ingest.ingest(web, batch)]);
      expect(results[0].created + results[1].created).toBe(8);
      expect(results[0].duplicates + results[1].duplicates).toBe(8);
      const counts = await db.query(
        `SELECT n.url, count(*)::int AS n, (SELECT count(*)::int FROM news_source s WHERE s.news_id = min(n.id)) AS sources
           FROM news n WHERE n.url LIKE 'https://ingest.example.org/race/%' GROUP BY n.url`,
      );
      expect(counts).toHaveLength(8);
      for (const c of counts) expect(c).toMatchObject({ n: 1, sources: 1 });
    });

    it('refuses an unknown website', async () => {
      await expect(ingest.ingest(99_999_999, [item({ url: 'https://ingest.example.org/x' })])).rejects.toThrow('来源网站不存在');
    });
  });

  describe('story clusters (§4.3)', () => {
    interface Labelled {
      id: string;
      story: string;
      title: string;
      content: string;
      publishTime: string;
    }
    const stories = readFileSync(join(__dirname, 'fixtures/clusters/stories.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Labelled);
    const story = stories.filter((s) => s.story === 's002');
    /** Fixture times moved next to BASE, their spacing kept. */
    const shift = BASE + 7_200_000 - Date.parse(story[0].publishTime);
    const ids = new Map<string, number>();

    beforeAll(async () => {
      expect(story.map((s) => s.id)).toEqual(['s002-1', 's002-2', 's002-3']);
      // Three sources; the earliest item arrives last, so the lead moves to it.
      for (const s of [story[1], story[2], story[0]]) {
        const web = await site();
        const r = await ingest.ingest(web, [
          item({ url: `https://story.example.org/${s.id}`, title: s.title, content: s.content, publishTime: new Date(Date.parse(s.publishTime) + shift), keywords: [] }),
        ]);
        expect(r.created).toBe(1);
        ids.set(s.id, Number(r.createdIds[0]));
      }
    });

    it('puts the three reworded items into one cluster led by the earliest', async () => {
      const rows: Array<{ id: string; clusterId: string | null; lead: boolean }> = await db.query(
        'SELECT id, cluster_id::text AS "clusterId", cluster_lead AS lead FROM news WHERE id = ANY($1::bigint[]) ORDER BY publish_time',
        [[...ids.values()]],
      );
      expect(rows.map((r) => Number(r.id))).toEqual([ids.get('s002-1'), ids.get('s002-2'), ids.get('s002-3')]);
      expect(new Set(rows.map((r) => r.clusterId)).size).toBe(1);
      expect(rows[0].clusterId).not.toBeNull();
      expect(rows.map((r) => r.lead)).toEqual([true, false, false]);
      const [cluster] = await db.query('SELECT lead_id::int AS lead, size, source_count AS sources FROM news_cluster WHERE id = $1', [rows[0].clusterId]);
      expect(cluster).toEqual({ lead: ids.get('s002-1'), size: 3, sources: 3 });
    });

    it('lists the story with 另有 2 家来源 on the lead; collapse=1 keeps only the lead', async () => {
      const lead = ids.get('s002-1')!;
      const members = [ids.get('s002-2')!, ids.get('s002-3')!];
      const all = await list(translator, { page: 0, size: 20 });
      const row = all.content.find((r) => r.id === lead)!;
      expect(row).toMatchObject({ clusterSize: 3, otherSources: 2 });
      expect(typeof row.clusterId).toBe('string');
      for (const id of members) expect(all.content.find((r) => r.id === id)).toMatchObject({ clusterId: row.clusterId, clusterSize: 3, otherSources: 2 });
      // An unclustered item seen at two sources: 另有 1 家.
      const [{ id: twoSources }] = await db.query("SELECT id::int AS id FROM news WHERE url = 'https://ingest.example.org/b'");
      expect(all.content.find((r) => r.id === twoSources)).toMatchObject({ clusterId: null, clusterSize: 1, otherSources: 1 });

      const collapsed = await list(translator, { page: 0, size: 20, collapse: 1 });
      const shown = collapsed.content.map((r) => r.id);
      expect(shown).toContain(lead);
      expect(shown).toContain(twoSources);
      for (const id of members) expect(shown).not.toContain(id);
      const [{ hidden }] = await db.query('SELECT count(*)::int AS hidden FROM news WHERE NOT is_noise AND NOT cluster_lead');
      expect(hidden).toBe(2);
      expect(collapsed.totalElements).toBe(all.totalElements - hidden);
      expect((await list(translator, { page: 0, size: 20, collapse: 0 })).totalElements).toBe(all.totalElements);
    });

    it('similarSearch answers the other members of the story first, earliest first, then the rest', async () => {
      const res = await get(translator, '/api/news/similarSearch', { id: ids.get('s002-3'), size: 5 });
      expect(res.status).toBe(200);
      const got = (res.body as Row[]).map((r) => r.id);
      expect(got.slice(0, 2)).toEqual([ids.get('s002-1'), ids.get('s002-2')]);
      expect(got).not.toContain(ids.get('s002-3'));
      expect(new Set(got).size).toBe(got.length);
      const one = await get(translator, '/api/news/similarSearch', { id: ids.get('s002-1'), size: 1 });
      expect((one.body as Row[]).map((r) => r.id)).toEqual([ids.get('s002-2')]);
    });
  });

  describe('translations: exchange items, the MT sweep, pruning (§4.3)', () => {
    interface Labelled {
      id: string;
      story: string;
      title: string;
      content: string;
      titleCn?: string;
      contentCn?: string;
      lang: string;
      publishTime: string;
    }
    const fixture = readFileSync(join(__dirname, 'fixtures/clusters/stories.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Labelled);
    const byId = (id: string) => fixture.find((f) => f.id === id)!;
    const at = (f: Labelled) => new Date(Date.parse(f.publishTime) - Date.parse('2026-11-01T00:00:00Z') + BASE + 86_400_000);
    const put = async (f: Labelled, origin: 'collect' | 'exchange') => {
      const web = await site(f.lang, null);
      const r = await ingest.ingest(
        web,
        [item({ url: `https://story.example.org/${f.id}`, title: f.title, content: f.content, language: f.lang, publishTime: at(f), keywords: [], titleCn: f.titleCn, contentCn: f.contentCn })],
        origin,
      );
      expect(r.created).toBe(1);
      return r.createdIds[0];
    };
    const state = async (id: string) =>
      (
        await db.query(
          `SELECT n.cluster_id::text AS "clusterId", n.cluster_lead AS lead, n.title_cn AS "titleCn", n.mt_status AS mt, m.sig_zh IS NOT NULL AS zh
             FROM news n LEFT JOIN news_minhash m ON m.news_id = n.id WHERE n.id = $1`,
          [id],
        )
      )[0] as { clusterId: string | null; lead: boolean; titleCn: string | null; mt: string | null; zh: boolean };

    it('stores an exchange item’s translation as a finished MT and clusters a Chinese report with it', async () => {
      const en = await put(byId('s009-1'), 'exchange');
      expect(await state(en)).toEqual({ clusterId: null, lead: true, titleCn: byId('s009-1').titleCn, mt: 'done', zh: true });
      const zh = await put(byId('s009-2'), 'collect');
      const [a, b] = [await state(en), await state(zh)];
      expect(a.clusterId).not.toBeNull();
      expect(b).toMatchObject({ clusterId: a.clusterId, lead: false });
      expect(a.lead).toBe(true);
    });

    it('collected items carry no translation; the MT sweep adds the Chinese signature and assigns the item again', async () => {
      const en = await put(byId('s010-1'), 'collect');
      expect(await state(en)).toMatchObject({ titleCn: null, mt: null, zh: false });
      const zh = await put(byId('s010-2'), 'collect');
      expect((await state(en)).clusterId).toBeNull();
      expect(await ingest.reclusterTranslated()).toBe(0);
      await db.query(`UPDATE news SET title_cn = $2, content_cn = $3, mt_status = 'done', mt_time = clock_timestamp() WHERE id = $1`, [en, byId('s010-1').titleCn, byId('s010-1').contentCn]);
      expect(await ingest.reclusterTranslated()).toBe(1);
      const [a, b] = [await state(en), await state(zh)];
      expect(a).toMatchObject({ zh: true, lead: true });
      expect(a.clusterId).not.toBeNull();
      expect(b).toMatchObject({ clusterId: a.clusterId, lead: false });
      expect(await ingest.reclusterTranslated()).toBe(0);
    });

    it('the sweep gives stories to collected items a stopped process left unchecked', async () => {
      const en = await put(byId('s011-1'), 'exchange');
      // as a process that stopped after storing the item leaves it: no signature, never checked, 10 minutes old
      await db.query('DELETE FROM news_minhash_band WHERE news_id = $1', [en]);
      await db.query('DELETE FROM news_minhash WHERE news_id = $1', [en]);
      await db.query(`UPDATE news SET cluster_checked_at = NULL, create_time = now() - interval '10 minutes' WHERE id = $1`, [en]);
      const zh = await put(byId('s011-2'), 'collect');
      expect((await state(zh)).clusterId).toBeNull();
      expect(await ingest.reclusterTranslated()).toBe(1);
      const [a, b] = [await state(en), await state(zh)];
      expect(a).toMatchObject({ zh: true, lead: true });
      expect(a.clusterId).not.toBeNull();
      expect(b).toMatchObject({ clusterId: a.clusterId, lead: false });
      expect(await ingest.reclusterTranslated()).toBe(0);
    });

    it('prunes signatures older than 14 days', async () => {
      const [{ id }] = await db.query("SELECT id::text AS id FROM news WHERE url = 'https://story.example.org/s009-1'");
      await db.query(`UPDATE news_minhash SET publish_time = now() - interval '15 days' WHERE news_id = $1`, [id]);
      expect(await ingest.pruneMinhash()).toBe(1);
      expect(await db.query('SELECT 1 FROM news_minhash WHERE news_id = $1', [id])).toEqual([]);
      expect(await ingest.pruneMinhash()).toBe(0);
    });
  });

  describe('concurrent batches (§4.3, news_cluster_log)', () => {
    it('puts copies of one story arriving at the same time from different sources into one story', async () => {
      // each pair: the same text under two URLs from two sources, both batches stored at once, so a
      // batch often reads its candidates before the other commits (news_cluster_log covers that)
      const texts = [
        ['城市轨道交通第四期建设规划获批 新增线路七条', '国家发展改革委批复城市轨道交通第四期建设规划，新增线路七条，总长一百二十公里，预计五年内建成通车。'],
        ['全国冬小麦播种基本结束 苗情长势好于常年', '农业农村部消息，全国冬小麦播种已基本结束，各地墒情适宜，苗情长势总体好于常年同期。'],
        ['央行开展逆回购操作 维护月末流动性平稳', '中国人民银行今日开展七天期逆回购操作，中标利率持平，以维护月末银行体系流动性合理充裕。'],
        ['国产大飞机完成高原试飞 验证极端环境性能', '国产大型客机近日完成高原机场试飞任务，验证了飞机在高原低气压环境下的起降与系统性能。'],
      ];
      const a = await site();
      const b = await site();
      await Promise.all(
        texts.flatMap(([title, content], k) => [
          ingest.ingest(a, [item({ url: `https://same-time.example.org/a/${k}`, title, content, publishTime: new Date(BASE - k * 60_000) })]),
          ingest.ingest(b, [item({ url: `https://same-time.example.org/b/${k}`, title, content, publishTime: new Date(BASE - k * 60_000 + 1000) })]),
        ]),
      );
      const rows: Array<{ url: string; cid: string | null }> = await db.query(
        `SELECT url, cluster_id::text AS cid FROM news WHERE url LIKE 'https://same-time.example.org/%' ORDER BY url`,
      );
      expect(rows).toHaveLength(8);
      for (let k = 0; k < texts.length; k++) {
        const pair = rows.filter((r) => r.url.endsWith(`/${k}`));
        expect(pair[0].cid).not.toBeNull();
        expect(pair[1].cid).toBe(pair[0].cid);
      }
      // four stories, not one
      expect(new Set(rows.map((r) => r.cid)).size).toBe(4);
    });
  });

  describe('markWarned (§5.5)', () => {
    it('sets news_dept.yj for the department only, in the caller’s transaction', async () => {
      const web = await site();
      const r = await ingest.ingest(web, [item({ url: 'https://warn.example.org/1', title: '预警测试 台风登陆' })]);
      const id = r.createdIds[0];
      const [{ dept }] = await db.query("SELECT id AS dept FROM sys_dept WHERE name = '新闻中心'");
      await db.transaction((em) => ingest.markWarned(em, dept, [id, id]));
      expect(await db.query('SELECT dept_id AS dept, yj, update_by AS "by" FROM news_dept WHERE news_id = $1', [id])).toEqual([{ dept, yj: true, by: 'system' }]);
      // A rolled-back transaction leaves nothing.
      const other = (await ingest.ingest(web, [item({ url: 'https://warn.example.org/2' })])).createdIds[0];
      await expect(
        db.transaction(async (em) => {
          await ingest.markWarned(em, dept, [other]);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await db.query('SELECT 1 FROM news_dept WHERE news_id = $1', [other])).toEqual([]);

      // type=yj: the department's warned items (新闻中心: translator), not another department's (出版中心: editor).
      const mine = await list(translator, { type: 'yj', page: 0, size: 50 });
      expect(mine.content.map((r) => r.id)).toContain(Number(id));
      expect(mine.content.every((r) => r.yj === true)).toBe(true);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM news_dept d JOIN news x ON x.id = d.news_id WHERE d.dept_id = $1 AND d.yj AND NOT x.is_noise', [dept]);
      expect(mine.totalElements).toBe(n);
      const times = mine.content.map((r) => String(r.publishTime));
      expect([...times].sort().reverse()).toEqual(times);
      const theirs = await list(editor, { type: 'yj', page: 0, size: 50 });
      expect(theirs.content.map((r) => r.id)).not.toContain(Number(id));
      expect(theirs.content.every((r) => r.yj === true)).toBe(true);
    });
  });

  describe('list parameters', () => {
    it('refuses collapse other than 0/1 and an unknown type with 400', async () => {
      for (const [query, message] of [
        [{ collapse: 2 }, 'collapse 只能是 0 或 1'],
        [{ collapse: 'yes' }, 'collapse 只能是 0 或 1'],
        [{ type: 'warn' }, 'type 只能是'],
      ] as const) {
        const res = await get(translator, '/api/news/list', query);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
    });
  });
});
