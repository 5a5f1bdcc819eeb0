import { describe, expect, it } from 'vitest';
import { currentTab, filterTree, idsOf, matches, modeOf, tabsOf, toggleIds } from './model';

describe('subscription model', () => {
  it('reads comma strings of ids', () => {
    expect(idsOf('1, 2,,3')).toEqual([1, 2, 3]);
    expect(idsOf('')).toEqual([]);
    expect(idsOf(null)).toEqual([]);
    expect(idsOf('a,0,-1,4')).toEqual([4]);
  });

  it('filters by a case-insensitive contains over any text', () => {
    expect(matches('', 'x')).toBe(true);
    expect(matches('REU', 'Reuters')).toBe(true);
    expect(matches('新华', null, '新华网')).toBe(true);
    expect(matches('bbc', 'Reuters', 'reuters.com')).toBe(false);
  });

  it('keeps matching nodes with their ancestors', () => {
    const tree = [
      { id: 1, name: '科技', children: [{ id: 2, name: '人工智能' }, { id: 3, name: '航天' }] },
      { id: 4, name: '体育', children: [] },
    ];
    expect(filterTree(tree, '航天')).toEqual([{ id: 1, name: '科技', children: [{ id: 3, name: '航天' }] }]);
    // a matching parent keeps all its children
    expect(filterTree(tree, '科技')).toEqual([tree[0]]);
    expect(filterTree(tree, '')).toEqual(tree);
    expect(filterTree(tree, '足球')).toEqual([]);
  });

  it('toggles ids without duplicates', () => {
    expect(toggleIds([1, 2], [2, 3], true)).toEqual([1, 2, 3]);
    expect(toggleIds([1, 2, 3], [2, 3], false)).toEqual([1]);
  });

  it('has 我的订阅 first and the mode tabs after it', () => {
    expect(modeOf('theme')).toBe('theme');
    expect(modeOf('bogus')).toBe('website');
    expect(tabsOf('website', [7])).toEqual(['mine', 'website']);
    expect(tabsOf('theme', [7, 9])).toEqual(['mine', 'theme:7', 'theme:9']);
    expect(currentTab('theme:9', tabsOf('theme', [7, 9]))).toBe('theme:9');
    expect(currentTab('category', tabsOf('website', []))).toBe('mine');
  });
});
