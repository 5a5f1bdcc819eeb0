import { buildList, type ListContext } from './news.query.js';

const ctx = (over: Partial<ListContext> = {}): ListContext => ({
  deptId: 7, userId: 3, noiseOnly: false, classifyIds: null, tsquery: null, sort: 'dateDesc', page: 2, size: 20, countCap: 10_000, ...over,
});

describe('buildList', () => {
  it('marks only the plain list (noise excluded, nothing else) as unfiltered', () => {
    expect(buildList({}, ctx()).unfiltered).toBe(true);
    expect(buildList({}, ctx({ noiseOnly: true })).unfiltered).toBe(false);
    expect(buildList({ type: 'choice' }, ctx()).unfiltered).toBe(false);
    expect(buildList({ isRead: '1' }, ctx()).unfiltered).toBe(false);
    expect(buildList({}, ctx({ classifyIds: [1, 2] })).unfiltered).toBe(false);
  });

  it('passes every user value as a parameter and pages with LIMIT/OFFSET', () => {
    const sql = buildList({ webId: 5 }, ctx({ tsquery: "'能源'", classifyIds: [11, 12] }));
    expect(sql.rows.params).toEqual([7, 3, [11, 12], "'能源'", 5, 20, 40]);
    expect(sql.count.params).toEqual([7, 3, [11, 12], "'能源'", 5]);
    expect(sql.rows.sql).not.toContain('能源');
    expect(sql.count.sql).toMatch(/LIMIT 10001\) c$/);
    expect(sql.countUpTo(5).sql).toMatch(/LIMIT 6\) c$/);
    // The unfiltered list reads the trigger-kept total instead of counting.
    expect(buildList({}, ctx()).count).toEqual({ sql: 'SELECT NULL AS n, live FROM news_stats WHERE id = 1', params: [] });
    expect(sql.estimate.sql).toMatch(/^EXPLAIN \(FORMAT JSON\) SELECT 1 /);
  });

  it('pages ids first (deferred join) and orders both levels the same way', () => {
    const { rows } = buildList({}, ctx({ sort: 'numAsc' }));
    const orders = rows.sql.match(/ORDER BY n\.count ASC, n\.id ASC/g);
    expect(orders).toHaveLength(2);
    expect(rows.sql).toMatch(/WHERE n\.id IN \(SELECT n\.id /);
  });

  it('matches nothing for type=interest without subscriptions, websites OR classes with them', () => {
    expect(buildList({ type: 'interest' }, ctx({ interest: { websiteIds: [], classifyIds: [], themeQuery: null } })).count.sql).toContain('AND false');
    const { count } = buildList({ type: 'interest' }, ctx({ interest: { websiteIds: [1], classifyIds: [9], themeQuery: null } }));
    expect(count.sql).toContain('(n.web_id = ANY($3::int[]) OR COALESCE(d.classify, n.classify) && $4::int[])');
    expect(count.params).toEqual([7, 3, [1], [9]]);
  });

  it('adds the themes of a subscription as a tsquery OR-ed with websites and classes', () => {
    const { count } = buildList({ type: 'interest' }, ctx({ interest: { websiteIds: [1], classifyIds: [], themeQuery: "('a' & 'b') | ('c')" } }));
    expect(count.sql).toContain('(n.web_id = ANY($3::int[]) OR n.search @@ CAST($4 AS tsquery))');
    expect(count.params).toEqual([7, 3, [1], "('a' & 'b') | ('c')"]);
  });

  it('splits a search into recency tiers that cover all time without overlap', () => {
    const sql = buildList({}, ctx({ tsquery: "'x'", sort: 'scoreDesc', now: Date.parse('2026-11-28T12:00:00Z') }));
    expect(sql.tier(0).count.sql).toContain("AND n.publish_time >= now() - interval '1 days'");
    expect(sql.tier(0).count.sql).not.toContain('publish_time <');
    expect(sql.tier(1).count.sql).toContain("n.publish_time < now() - interval '1 days' AND n.publish_time >= now() - interval '7 days'");
    expect(sql.tier(5).count.sql).toMatch(/n\.publish_time < now\(\) - interval '365 days'$/);
    // each tier but the oldest also asks the search index for its months or days only (time tokens)
    expect(sql.tier(2).ids.sql).toContain('AND n.search @@ CAST($4 AS tsquery)');
    expect(sql.tier(2).ids.sql).toMatch(/ORDER BY ts_rank_cd\(n\.search, CAST\(\$3 AS tsquery\)\) DESC, n\.publish_time DESC, n\.id DESC LIMIT \$5 OFFSET \$6$/);
    expect(sql.tier(2).ids.params).toEqual([7, 3, "'x'", "'⌁m202610' | '⌁m202611'"]);
    expect(sql.tier(1).count.params[3]).toBe(["'⌁d20261120'", "'⌁d20261121'", "'⌁d20261122'", "'⌁d20261123'", "'⌁d20261124'", "'⌁d20261125'", "'⌁d20261126'", "'⌁d20261127'", "'⌁d20261128'"].join(' | '));
    expect(sql.tier(5).count.params).toEqual([7, 3, "'x'"]);
    // a list that is not a search has no tokens
    expect(buildList({}, ctx({ sort: 'dateDesc' })).tier(0).count.params).toEqual([7, 3]);
  });

  it('pages and counts the department tabs from news_dept, joining news only when a filter needs it', () => {
    const choice = buildList({ type: 'choice' }, ctx({ classifyIds: [4] }));
    expect(choice.count.sql).toMatch(/FROM news_dept d\s+LEFT JOIN news_user u .* WHERE d\.dept_id = \$1 AND NOT d\.is_noise AND d\.eff_classify && \$3::int\[\] AND d\.is_choice/s);
    expect(choice.count.sql).not.toContain('JOIN news n');
    expect(choice.rows.sql).toContain('WHERE n.id IN (SELECT d.news_id FROM news_dept d');
    expect(choice.rows.sql).toContain('ORDER BY d.publish_time DESC, d.news_id DESC');
    expect(buildList({ type: 'recommend', webId: 2 }, ctx()).count.sql).toContain('FROM news_dept d JOIN news n ON n.id = d.news_id');
    expect(buildList({ isTrans: '3' }, ctx({ sort: 'numDesc' })).count.sql).toContain('JOIN news n');
    expect(buildList({ type: 'follow' }, ctx({ sort: 'updateDesc' })).rows.sql).toContain('ORDER BY d.update_time DESC, d.news_id DESC');
  });

  it('limits the hot tab to the last 7 days, and a theme without keywords to nothing', () => {
    expect(buildList({ type: 'hot' }, ctx()).count.sql).toContain("n.publish_time >= now() - interval '7 days'");
    expect(buildList({}, ctx({ themeQuery: null })).count.sql).toContain('AND false');
  });
});
