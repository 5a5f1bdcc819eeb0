import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import type { ClassifyService } from '../classify/index.js';
import type { IngestItem } from './news-ingest.js';
import { arrayLiteral, NEW_COLUMNS, type NewsIngestRepository, type NewRow } from './news-ingest.repository.js';
import { NewsIngest } from './news-ingest.service.js';

/**
 * NewsIngest without a database (the e2e file collect-ingest.e2e-spec.ts runs the SQL): what a
 * created row holds (MT state by configuration and origin, noise flag, website fallbacks), duplicates
 * inside one batch, and two reports of one story in one batch forming a cluster.
 */
const NOISE = 99;
const col = (row: NewRow, name: (typeof NEW_COLUMNS)[number]) => row[NEW_COLUMNS.indexOf(name)];

function setup(mt: { engine: string; auto: boolean }) {
  const inserted: NewRow[] = [];
  const clusters: string[] = [];
  const assigned = new Map<string, string>();
  const sources: Array<{ newsId: string; guid: string }> = [];
  let nextId = 100;
  const repo = {
    transaction: (fn: (em: unknown) => unknown) => fn({}),
    website: async () => ({ name: '新华网', language: 'zh', country: '中国' }),
    lookup: async () => [],
    insertNews: async (_em: unknown, rows: NewRow[]) => {
      inserted.push(...rows);
      return rows.map((r) => ({ id: String(nextId++), url: col(r, 'url') as string }));
    },
    addSources: async (_em: unknown, _web: number, rows: Array<{ newsId: string; guid: string }>) => {
      sources.push(...rows);
      return [];
    },
    idsByUrl: async () => [],
    lockClusters: async () => undefined,
    upsertMinhash: async () => undefined,
    candidates: async () => [],
    candidatesSince: async () => [],
    candidateState: async () => [],
    logSeq: async () => '0',
    logStep: async () => undefined,
    createClusters: async (_em: unknown, leads: string[]) =>
      leads.map((lead) => {
        clusters.push(lead);
        return `c${clusters.length}`;
      }),
    refreshClusters: async (_em: unknown, _ids: string[], a: Map<string, string> = new Map()) => {
      for (const [k, v] of a) assigned.set(k, v);
    },
    markChecked: async () => undefined,
    clustersOf: async () => [],
    // every inserted item is still there, in no cluster
    clusterIdsOf: async (_em: unknown, ids: string[]) => ids.map((id) => [id, assigned.get(id) ?? null]),
  } as unknown as NewsIngestRepository;
  const classify = { noiseId: async () => NOISE } as unknown as ClassifyService;
  const config = { mt, collect: { clusterWindowHours: 72, clusterThreshold: 0.22 } } as unknown as AppConfig;
  return { ingest: new NewsIngest(repo, classify, config), inserted, clusters, assigned, sources };
}

/** An item of the labelled story fixture (test/fixtures/clusters). */
const FIXTURE = readFileSync(join(__dirname, '../../../test/fixtures/clusters/stories.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { id: string; title: string; content: string; publishTime: string });
const story = (id: string) => FIXTURE.find((f) => f.id === id)!;

const item = (over: Partial<IngestItem> & { url: string }): IngestItem => ({
  guid: null,
  title: '标题',
  content: '正文',
  contentHtml: null,
  publishTime: new Date('2026-11-20T08:00:00Z'),
  language: null,
  country: null,
  classify: [],
  keywords: [],
  contentHash: '1',
  ...over,
});

describe('NewsIngest (no database)', () => {
  it('marks new items pending for machine translation only when an engine runs automatically', async () => {
    for (const [mt, expected] of [
      [{ engine: 'deepl', auto: true }, 'pending'],
      [{ engine: 'deepl', auto: false }, null],
      [{ engine: 'none', auto: true }, null],
    ] as const) {
      const s = setup(mt);
      expect(await s.ingest.ingest(1, [item({ url: 'https://a.example/1' })])).toMatchObject({ created: 1, createdIds: ['100'] });
      expect(col(s.inserted[0], 'mt_status')).toBe(expected);
      expect(col(s.inserted[0], 'title_cn')).toBeNull();
    }
  });

  it('stores an exchange item’s translation as done; a collected item’s titleCn is not stored', async () => {
    const s = setup({ engine: 'deepl', auto: true });
    await s.ingest.ingest(1, [item({ url: 'https://a.example/x', title: 'Fed cuts', titleCn: '美联储降息', contentCn: '<p>美联储宣布降息</p>' })], 'exchange');
    await s.ingest.ingest(1, [item({ url: 'https://a.example/y', title: 'Fed cuts', titleCn: '美联储降息' })], 'collect');
    expect([col(s.inserted[0], 'mt_status'), col(s.inserted[0], 'title_cn'), col(s.inserted[0], 'content_cn')]).toEqual(['done', '美联储降息', '<p>美联储宣布降息</p>']);
    expect(col(s.inserted[0], 'mt_time')).toBeInstanceOf(Date);
    expect(String(col(s.inserted[0], 'search'))).toContain("'美联储'");
    expect([col(s.inserted[1], 'mt_status'), col(s.inserted[1], 'title_cn')]).toEqual(['pending', null]);
  });

  it('fills website name, language and country, the noise flag, trimmed keywords; duplicates in a batch count once', async () => {
    const s = setup({ engine: 'none', auto: false });
    const r = await s.ingest.ingest(7, [
      item({ url: 'https://a.example/1', guid: 'g1', classify: [3, NOISE, 3], keywords: [' 央行 ', '', '央行', '降准'] }),
      item({ url: 'https://a.example/2', guid: 'g1' }),
      item({ url: 'https://a.example/1', guid: 'g3' }),
      item({ url: 'https://a.example/4', language: 'en', country: 'US' }),
    ]);
    expect(r).toEqual({ created: 2, updated: 0, duplicates: 2, createdIds: ['100', '101'] });
    const [a, b] = s.inserted;
    expect([col(a, 'web_id'), col(a, 'web_name'), col(a, 'language'), col(a, 'country'), col(a, 'classify'), col(a, 'is_noise'), col(a, 'keywords')]).toEqual([
      7, '新华网', 'zh', '中国', [3, NOISE], true, ['央行', '降准'],
    ]);
    expect([col(b, 'language'), col(b, 'country'), col(b, 'is_noise')]).toEqual(['en', 'US', false]);
  });

  it('skips a URL too long for news.url and hashes a guid too long for news_source.guid', async () => {
    const s = setup({ engine: 'none', auto: false });
    const long = `https://a.example/${'x'.repeat(1000)}`;
    const r = await s.ingest.ingest(1, [item({ url: long }), item({ url: 'https://a.example/ok', guid: 'g'.repeat(1001) })]);
    expect(r).toMatchObject({ created: 1, duplicates: 0 });
    expect(s.sources).toEqual([{ newsId: '100', guid: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);
  });

  it('clusters two reports of one story arriving in the same batch, lead = the earlier', async () => {
    const [one, two] = [story('s002-1'), story('s002-2')];
    const s = setup({ engine: 'none', auto: false });
    // The later one first in the batch: assignment runs in publish order.
    await s.ingest.ingest(1, [
      item({ url: 'https://a.example/later', title: two.title, content: two.content, publishTime: new Date(two.publishTime) }),
      item({ url: 'https://a.example/earlier', title: one.title, content: one.content, publishTime: new Date(one.publishTime) }),
    ]);
    // Inserted in URL order: earlier → 100, later → 101.
    expect(s.clusters).toEqual(['100']);
    expect(Object.fromEntries(s.assigned)).toEqual({ '100': 'c1', '101': 'c1' });
  });

  it('answers the stored items when the story step fails (the sweep assigns them later)', async () => {
    const s = setup({ engine: 'none', auto: false });
    const transactions: string[] = [];
    const repo = (s.ingest as unknown as { repo: Record<string, unknown> }).repo;
    const inner = repo.transaction as (fn: (em: unknown) => unknown) => unknown;
    repo.transaction = async (fn: (em: unknown) => unknown) => {
      transactions.push('begin');
      return inner(fn);
    };
    repo.candidates = async () => {
      throw new Error('connection reset');
    };
    const r = await s.ingest.ingest(1, [item({ url: 'https://a.example/1', title: '国务院新闻办公室举行发布会', content: '国务院新闻办公室举行发布会介绍稳就业政策。' })]);
    expect(r).toMatchObject({ created: 1, createdIds: ['100'] });
    // the items and the story step are two transactions
    expect(transactions).toEqual(['begin', 'begin']);
    expect(s.clusters).toEqual([]);
  });
});

describe('arrayLiteral', () => {
  it('writes integer arrays as one literal, null as null', () => {
    expect(arrayLiteral([1, -2, 3])).toBe('{1,-2,3}');
    expect(arrayLiteral(['-9223372036854775808', '42'])).toBe('{-9223372036854775808,42}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(null)).toBeNull();
  });

  it('refuses anything that is not an integer', () => {
    expect(() => arrayLiteral([1.5])).toThrow(TypeError);
    expect(() => arrayLiteral(['1}', '2'])).toThrow(TypeError);
    expect(() => arrayLiteral(['1,2'])).toThrow(TypeError);
  });
});

describe('NewsIngest: candidates committed while the lock was awaited', () => {
  it('finds a candidate only the read under the lock sees, and refreshes one read before', async () => {
    const [one, two] = [story('s002-1'), story('s002-2')];
    const s = setup({ engine: 'none', auto: false });
    const repo = (s.ingest as unknown as { repo: Record<string, unknown> }).repo;
    // store the partner's signature through a first batch, keeping its row as a candidate would be read
    let partner: Record<string, unknown> | undefined;
    repo.upsertMinhash = async (_em: unknown, rows: Array<{ newsId: string; publishTime: Date; sig: number[]; sigZh: number[] | null; bands: string[] }>) => {
      partner ??= { id: rows[0].newsId, publishTime: rows[0].publishTime, webId: 2, sig: rows[0].sig, sigZh: rows[0].sigZh, bands: rows[0].bands, clusterId: null, clusterSize: null };
    };
    await s.ingest.ingest(2, [item({ url: 'https://b.example/earlier', title: one.title, content: one.content, publishTime: new Date(one.publishTime) })]);
    expect(partner).toBeDefined();
    // the second batch: before the lock it sees nothing; under the lock the partner's step has committed
    const asked: string[] = [];
    repo.candidates = async () => [];
    repo.candidatesSince = async (_em: unknown, seq: string) => {
      asked.push(seq);
      return [partner];
    };
    repo.logSeq = async () => '41';
    await s.ingest.ingest(1, [item({ url: 'https://a.example/later', title: two.title, content: two.content, publishTime: new Date(two.publishTime) })]);
    expect(asked).toEqual(['41']);
    expect(s.clusters).toEqual([partner!.id]);
    expect(Object.fromEntries(s.assigned)).toEqual({ [partner!.id as string]: 'c1', '101': 'c1' });
  });

  it('drops a candidate read before the lock that was deleted meanwhile, and uses its current cluster otherwise', async () => {
    const [one, two] = [story('s002-1'), story('s002-2')];
    for (const [state, expected] of [
      [[], { clusters: [] as string[], assigned: {} }],
      [[{ id: 'p1', clusterId: 'c9', clusterSize: 3 }], { clusters: [] as string[], assigned: { '101': 'c9' } }],
    ] as const) {
      const s = setup({ engine: 'none', auto: false });
      const repo = (s.ingest as unknown as { repo: Record<string, unknown> }).repo;
      let row: Record<string, unknown> | undefined;
      repo.upsertMinhash = async (_em: unknown, rows: Array<{ newsId: string; publishTime: Date; sig: number[]; sigZh: number[] | null; bands: string[] }>) => {
        row ??= { id: 'p1', publishTime: rows[0].publishTime, webId: 2, sig: rows[0].sig, sigZh: rows[0].sigZh, bands: rows[0].bands, clusterId: null, clusterSize: null };
      };
      await s.ingest.ingest(2, [item({ url: 'https://b.example/earlier', title: one.title, content: one.content, publishTime: new Date(one.publishTime) })]);
      repo.candidates = async () => [row];
      repo.candidateState = async () => state;
      await s.ingest.ingest(1, [item({ url: 'https://a.example/later', title: two.title, content: two.content, publishTime: new Date(two.publishTime) })]);
      expect(s.clusters).toEqual(expected.clusters);
      expect(Object.fromEntries(s.assigned)).toEqual(expected.assigned);
    }
  });
});
