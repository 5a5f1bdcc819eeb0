import { addDays, parseQuery, presetOf, presetRange, toApiQuery, withQuery } from './query';

const TODAY = '2026-11-28';

describe('查询统计 route query', () => {
  it('reads the query of a link, dropping malformed ids and codes', () => {
    const q = parseQuery(new URLSearchParams('kw= 芯片 &classifyIds=12,x,13,12&webIds=3&countries=US,GB,U$&languages=en&startDate=2026-11-01&endDate=2026-11-07'), TODAY);
    expect(q).toEqual({ content: '芯片', classifyIds: [12, 13], webIds: [3], countries: ['US', 'GB'], languages: ['en'], startDate: '2026-11-01', endDate: '2026-11-07' });
  });

  it('defaults to the last 30 days without (or with a broken) period', () => {
    expect(parseQuery(new URLSearchParams(''), TODAY)).toMatchObject({ content: '', classifyIds: [], startDate: '2026-10-30', endDate: TODAY });
    expect(parseQuery(new URLSearchParams('startDate=2026-11-01'), TODAY)).toMatchObject({ startDate: '2026-10-30', endDate: TODAY });
  });

  it('writes the query back, keeps other keys and sends the list to its first page', () => {
    const current = new URLSearchParams('curMenu=analysis&page=3&size=50&kw=old&webIds=9');
    const next = withQuery(current, { content: '能源', classifyIds: [1, 2], webIds: [], countries: [], languages: ['en'], startDate: '2026-11-01', endDate: '2026-11-07' });
    expect(Object.fromEntries(next)).toEqual({ curMenu: 'analysis', size: '50', kw: '能源', classifyIds: '1,2', languages: 'en', startDate: '2026-11-01', endDate: '2026-11-07' });
  });

  it('sends the API the same fields for the figures and the list, empty ones left out', () => {
    expect(toApiQuery({ content: ' 能源 ', classifyIds: [], webIds: [3, 4], countries: ['US'], languages: [], startDate: '2026-11-01', endDate: '2026-11-07' })).toEqual({
      content: '能源',
      webIds: '3,4',
      countries: 'US',
      startDate: '2026-11-01',
      endDate: '2026-11-07',
    });
  });

  it('knows the presets', () => {
    expect(presetRange(7, TODAY)).toEqual({ startDate: '2026-11-22', endDate: TODAY });
    expect(presetOf(presetRange(90, TODAY), TODAY)).toBe(90);
    expect(presetOf({ startDate: '2026-11-01', endDate: TODAY }, TODAY)).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
