import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { addDays, ANALYSIS_MAX_DAYS, excludedTerms, fillDays, resolvePeriod, topWithOther } from './news-analysis.js';
import { NewsDistributionQuery } from './news-analysis.dto.js';
import { isDay } from './news-filter.js';
import { buildList, type ListContext, matchSql } from './news.query.js';

const ctx = (over: Partial<ListContext> = {}): ListContext => ({
  deptId: 7, userId: 3, noiseOnly: false, classifyIds: null, tsquery: null, sort: 'dateDesc', page: 0, size: 20, countCap: 10_000, ...over,
});

describe('resolvePeriod', () => {
  it('defaults to the last 30 days up to today, and fills a missing end with today', () => {
    expect(resolvePeriod(undefined, undefined, '2026-11-28')).toEqual({ start: '2026-10-30', end: '2026-11-28' });
    expect(resolvePeriod('2026-11-01', undefined, '2026-11-28')).toEqual({ start: '2026-11-01', end: '2026-11-28' });
    expect(resolvePeriod(undefined, '2026-03-01', '2026-11-28')).toEqual({ start: '2026-01-31', end: '2026-03-01' });
  });

  it('refuses a start after the end and more than 366 days', () => {
    expect(resolvePeriod('2026-11-02', '2026-11-01', '2026-11-28')).toEqual({ error: '开始日期 startDate 不能晚于结束日期 endDate' });
    const end = '2026-12-31';
    expect(resolvePeriod(addDays(end, -(ANALYSIS_MAX_DAYS - 1)), end, end)).toEqual({ start: '2025-12-31', end });
    expect(resolvePeriod(addDays(end, -ANALYSIS_MAX_DAYS), end, end)).toEqual({ error: '统计时段不能超过 366 天（startDate 至 endDate）' });
  });
});

describe('fillDays', () => {
  it('answers every day of the period, 0 where nothing was published, across a month end', () => {
    expect(fillDays('2026-02-27', '2026-03-02', [{ day: '2026-02-28', count: 4 }, { day: '2026-03-02', count: 1 }])).toEqual([
      { day: '2026-02-27', count: 0 },
      { day: '2026-02-28', count: 4 },
      { day: '2026-03-01', count: 0 },
      { day: '2026-03-02', count: 1 },
    ]);
  });

  it('ignores rows outside the period and answers one day for a one-day period', () => {
    expect(fillDays('2026-05-01', '2026-05-01', [{ day: '2026-04-30', count: 9 }])).toEqual([{ day: '2026-05-01', count: 0 }]);
  });
});

describe('topWithOther', () => {
  const rows = [
    { key: '1', name: 'B 站', count: 5 },
    { key: null, name: '未知来源', count: 7 },
    { key: '2', name: 'A 站', count: 5 },
    { key: '3', name: 'C 站', count: 1 },
    { key: '4', name: 'D 站', count: 2 },
  ];

  it('keeps the N largest (ties by name) and sums the rest as 其他 with their number', () => {
    expect(topWithOther(rows, 3)).toEqual([
      { key: null, name: '未知来源', count: 7, other: false },
      { key: '2', name: 'A 站', count: 5, other: false },
      { key: '1', name: 'B 站', count: 5, other: false },
      { key: null, name: '其他（2 项）', count: 3, other: true },
    ]);
  });

  it('adds no 其他 when everything fits', () => {
    expect(topWithOther(rows, 5).some((b) => b.other)).toBe(false);
    expect(topWithOther([], 10)).toEqual([]);
  });
});

describe('excludedTerms', () => {
  it('leaves out the whole text, its words and its search terms, lower-cased', () => {
    const terms = excludedTerms(' Tesla 能源 ');
    expect(terms).toEqual(expect.arrayContaining(['tesla 能源', 'tesla', '能源']));
    expect(excludedTerms(undefined)).toEqual([]);
    expect(excludedTerms('  ')).toEqual([]);
  });
});

describe('matchSql', () => {
  it('uses the list conditions (noise excluded, filters as parameters) of the plain list', () => {
    const filter = { classifyIds: [11], webIds: [5, 6], countries: ['US'], languages: ['en'], from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-01-31T23:59:59Z') };
    const m = matchSql(ctx({ tsquery: "'能源'", filter }));
    expect(m.where).toBe(
      "NOT n.is_noise AND n.search @@ CAST($3 AS tsquery) AND COALESCE(d.classify, n.classify) && $4::int[] AND n.web_id = ANY($5::int[]) AND n.country = ANY($6::text[]) AND n.language = ANY($7::text[]) AND n.publish_time >= $8 AND n.publish_time <= $9",
    );
    expect(m.p.values).toEqual([7, 3, "'能源'", [11], [5, 6], ['US'], ['en'], filter.from, filter.to]);
    // The list with the same context filters the same way.
    expect(buildList({}, ctx({ tsquery: "'能源'", filter })).count.sql).toContain(m.where);
  });

  it('filters department tabs on the department copy of the publish time', () => {
    const sql = buildList({ type: 'recommend' }, ctx({ filter: { from: new Date(0) } })).count.sql;
    expect(sql).toContain('d.publish_time >= $3');
  });
});

describe('analysis query', () => {
  const check = (plain: Record<string, unknown>) => {
    const q = plainToInstance(NewsDistributionQuery, plain);
    return { q, errors: validateSync(q, { whitelist: true }).flatMap((e) => Object.values(e.constraints ?? {})) };
  };

  it('takes ids and codes repeated or comma-separated, blanks ignored', () => {
    const { q, errors } = check({ by: 'source', webIds: '3, 7,3', classifyIds: ['4', '', '5'], countries: 'US,GB', languages: ['en'], startDate: '2026-01-01', top: '5' });
    expect(errors).toEqual([]);
    expect(q).toMatchObject({ webIds: [3, 7], classifyIds: [4, 5], countries: ['US', 'GB'], languages: ['en'], startDate: '2026-01-01', top: 5 });
    expect(check({ by: 'country', webIds: '', countries: ' ' }).q).toMatchObject({ webIds: undefined, countries: undefined });
  });

  it('answers Chinese messages naming the field', () => {
    expect(check({ by: 'city' }).errors).toEqual(['by（分布维度）只能是 source / country / classify / language']);
    expect(check({ by: 'source', webIds: 'a,1' }).errors).toContain('webIds（来源网站）必须是正整数 id 列表');
    expect(check({ by: 'source', countries: 'U S' }).errors).toContain('countries（国家）只能是国家代码，如 US');
    expect(check({ by: 'source', startDate: '2026-02-30' }).errors).toEqual(['startDate（发布开始日期）格式应为 yyyy-MM-dd']);
    expect(check({ by: 'source', top: '0' }).errors).toEqual(['top（前 N 项）不能小于 1']);
    expect(check({ by: 'source', top: 'true' }).errors).toContain('top（前 N 项）必须是整数');
  });

  it('knows calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
  });
});
