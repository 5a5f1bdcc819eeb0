/**
 * First-start demo news (outside production): the source websites of the demo corpus, its
 * DEMO_NEWS_COUNT items (classify ids looked up by code, is_noise, positioned search vector, a
 * machine translation stored as an engine leaves it: `mt_status` done) and a little department
 * state (tracked / warned / chosen items) so the tabs of the news index have data.
 */
import type { EntityManager } from 'typeorm';
import { htmlToText } from '../../../common/text/html-to-text.js';
import { documentTokens, toTsVector } from '../search/tokenizer.js';
import { buildDemoNews, type DemoNews } from './demo-news.js';
import { NOISE_CODE } from './demo-news.fixtures.js';

const BATCH = 50;

/** Departments that get demo state, with how many items they track / warn / choose. */
/** The work departments of the demo users (新闻中心: translator and reviewer; 出版中心: editor). */
export const DEMO_NEWS_DEPTS = ['新闻中心', '出版中心'] as const;
export const DEMO_DEPT_STATE = { tracked: 20, warned: 10, chosen: 15 } as const;

async function seedWebsites(em: EntityManager, items: DemoNews[]): Promise<Map<string, number>> {
  const sites = new Map<string, DemoNews>();
  for (const item of items) if (!sites.has(item.webUrl)) sites.set(item.webUrl, item);
  const ids = new Map<string, number>();
  for (const s of sites.values()) {
    const rows: Array<{ id: number }> = await em.query(
      'INSERT INTO news_website (name, url, language, country) VALUES ($1, $2, $3, $4) ON CONFLICT (url) DO UPDATE SET name = EXCLUDED.name RETURNING id',
      [s.webName, s.webUrl, s.language, s.country],
    );
    ids.set(s.webUrl, rows[0].id);
  }
  return ids;
}

/** Inserts the demo corpus relative to `now`; returns the ids of the inserted items in corpus order. */
export async function seedDemoNews(em: EntityManager, now: Date = new Date()): Promise<string[]> {
  const items = buildDemoNews(now);
  const webIds = await seedWebsites(em, items);
  const classes: Array<{ id: number; code: string }> = await em.query('SELECT id, code FROM news_classify WHERE code IS NOT NULL');
  const byCode = new Map(classes.map((c) => [c.code, c.id]));
  const noiseId = byCode.get(NOISE_CODE);

  const ids: string[] = [];
  const columns = [
    'title', 'title_cn', 'content', 'content_html', 'content_cn', 'url', 'publish_time', 'web_id', 'web_name', 'language', 'country', 'count', 'keywords', 'classify', 'is_noise', 'files', 'search',
    'create_time', 'update_time', 'mt_status', 'mt_time',
  ];
  for (let start = 0; start < items.length; start += BATCH) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const item of items.slice(start, start + BATCH)) {
      const classify = item.classifyCodes.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
      const search = toTsVector(documentTokens({ ...item, contentCn: item.contentCn && htmlToText(item.contentCn) }));
      const values: unknown[] = [
        item.title,
        item.titleCn,
        item.content,
        item.contentHtml,
        item.contentCn,
        item.url,
        item.publishTime,
        webIds.get(item.webUrl) ?? null,
        item.webName,
        item.language,
        item.country,
        item.count,
        item.keywords,
        classify,
        noiseId !== undefined && classify.includes(noiseId),
        JSON.stringify(item.files ?? []),
        search,
        item.publishTime,
        item.publishTime,
        item.contentCn === null ? null : 'done',
        item.contentCn === null ? null : item.publishTime,
      ];
      const casts = ['', '', '', '', '', '', '', '', '', '', '', '', '::text[]', '::int[]', '', '::jsonb', '::tsvector', '', '', '', ''];
      tuples.push(`(${values.map((v, i) => `$${params.push(v)}${casts[i]}`).join(', ')})`);
    }
    const rows: Array<{ id: string }> = await em.query(`INSERT INTO news (${columns.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`, params);
    ids.push(...rows.map((r) => String(r.id)));
  }

  // Department state: each demo dept works on a different slice of the non-noise items.
  const depts: Array<{ id: number; name: string }> = await em.query('SELECT id, name FROM sys_dept WHERE name = ANY($1::text[]) ORDER BY id', [[...DEMO_NEWS_DEPTS]]);
  const regular = ids.filter((_, i) => !items[i].classifyCodes.includes(NOISE_CODE));
  for (const [d, dept] of depts.entries()) {
    const offset = d * 37;
    const pick = (n: number, shift: number) => Array.from({ length: n }, (_, k) => regular[(offset + shift + k * 3) % regular.length]);
    const tracked = pick(DEMO_DEPT_STATE.tracked, 0);
    const warned = pick(DEMO_DEPT_STATE.warned, 1);
    const chosen = pick(DEMO_DEPT_STATE.chosen, 2);
    const state = new Map<string, { r: boolean; y: boolean; c: boolean }>();
    const get = (id: string) => state.get(id) ?? state.set(id, { r: false, y: false, c: false }).get(id)!;
    tracked.forEach((id) => (get(id).r = true));
    warned.forEach((id) => (get(id).y = true));
    chosen.forEach((id) => (get(id).c = true));
    const newsIds = [...state.keys()];
    await em.query(
      `INSERT INTO news_dept (news_id, dept_id, is_recommend, yj, is_choice, update_by)
       SELECT unnest($1::bigint[]), $2, unnest($3::boolean[]), unnest($4::boolean[]), unnest($5::boolean[]), 'system'`,
      [newsIds, dept.id, newsIds.map((id) => state.get(id)!.r), newsIds.map((id) => state.get(id)!.y), newsIds.map((id) => state.get(id)!.c)],
    );
  }
  return ids;
}
