import { describe, expect, it } from 'vitest';
import {
  collectQuery,
  DEFAULT_COLLECT_STATE,
  nextSort,
  normaliseCollectState,
  pageAfterRemoval,
  withPage,
  withSize,
  withSort,
  withTitle,
} from './collectQuery';

describe('collectQuery', () => {
  it('sends the default sort dateDesc, zero-based page 0 and 20 rows without a title', () => {
    expect(collectQuery(DEFAULT_COLLECT_STATE)).toEqual({ sort: 'dateDesc', page: 0, size: 20 });
    expect(collectQuery({})).toEqual({ sort: 'dateDesc', page: 0, size: 20 });
  });

  it('sends the title trimmed, only when there is one', () => {
    expect(collectQuery({ ...DEFAULT_COLLECT_STATE, title: '  能源 ' })).toEqual({ sort: 'dateDesc', page: 0, size: 20, title: '能源' });
    expect(collectQuery({ ...DEFAULT_COLLECT_STATE, title: '   ' })).not.toHaveProperty('title');
  });

  it('passes every sort of the list and the page sizes 10/20/50', () => {
    for (const sort of ['dateAsc', 'scoreDesc', 'numAsc', 'createDesc'] as const) {
      expect(collectQuery({ ...DEFAULT_COLLECT_STATE, sort, page: 3, size: 50 })).toEqual({ sort, page: 3, size: 50 });
    }
  });

  it('falls back to the defaults for values that are not allowed', () => {
    expect(normaliseCollectState({ sort: 'updateDesc' as never, size: 30, page: -2, title: undefined })).toEqual(DEFAULT_COLLECT_STATE);
    expect(normaliseCollectState({ page: 1.5 as number, size: '10' as unknown as number })).toEqual({ ...DEFAULT_COLLECT_STATE, size: 10 });
  });
});

describe('list state changes', () => {
  const onPage4 = { ...DEFAULT_COLLECT_STATE, page: 3, title: '能源' };

  it('changing the sort or the page size returns to page 1', () => {
    expect(withSort(onPage4, 'numAsc')).toEqual({ ...onPage4, sort: 'numAsc', page: 0 });
    expect(withSize(onPage4, 50)).toEqual({ ...onPage4, size: 50, page: 0 });
  });

  it('a title search reloads page 1 and keeps the sort and size', () => {
    expect(withTitle({ ...onPage4, sort: 'createAsc', size: 10 }, ' 芯片 ')).toEqual({ sort: 'createAsc', size: 10, page: 0, title: '芯片' });
  });

  it('a page change keeps everything else', () => {
    expect(withPage(onPage4, 1)).toEqual({ ...onPage4, page: 1 });
    expect(withPage(onPage4, -1).page).toBe(0);
  });

  it('the active sort field flips, another starts descending', () => {
    expect(nextSort('dateDesc', 'date')).toBe('dateAsc');
    expect(nextSort('dateAsc', 'date')).toBe('dateDesc');
    expect(nextSort('dateAsc', 'num')).toBe('numDesc');
  });
});

describe('pagination helpers', () => {
  it('goes back a page when the last row of a later page is un-collected', () => {
    expect(pageAfterRemoval({ ...DEFAULT_COLLECT_STATE, page: 2 }, 1)).toBe(1);
    expect(pageAfterRemoval({ ...DEFAULT_COLLECT_STATE, page: 2 }, 5)).toBe(2);
    expect(pageAfterRemoval({ ...DEFAULT_COLLECT_STATE, page: 0 }, 1)).toBe(0);
  });
});
