import {
  allowsUpdateSort,
  defaultListState,
  defaultSort,
  normalizeSort,
  pageCountOf,
  parseListState,
  sameListState,
  sortFieldsFor,
  switchMenu,
  toNewsListQuery,
  toRouteQuery,
  toSearchString,
  toShareQuery,
  withClassify,
  withContent,
  withPage,
  withShareType,
  withSize,
  withSort,
  COLLAPSE_KEY,
  rememberCollapse,
  withCollapse,
} from './listState';

describe('parseListState', () => {
  it('has the spec defaults: 全部, page 1, 20 a page, newest first', () => {
    expect(parseListState(new URLSearchParams(''))).toEqual({
      curMenu: 'all',
      page: 1,
      size: 20,
      sort: 'dateDesc',
      classify: null,
      content: '',
      shareType: 'from',
      collapse: false,
    });
  });

  it('reads every value of a complete query', () => {
    const state = parseListState(new URLSearchParams('curMenu=choice&page=3&size=50&sort=numAsc&classify=12&content=%E8%83%BD%E6%BA%90'));
    expect(state).toEqual({ curMenu: 'choice', page: 3, size: 50, sort: 'numAsc', classify: 12, content: '能源', shareType: 'from', collapse: false });
  });

  it('accepts a plain record (react-router query objects) and takes the first of repeated values', () => {
    expect(parseListState({ curMenu: ['hot', 'all'], page: '2' })).toMatchObject({ curMenu: 'hot', page: 2 });
  });

  it('defaults the sort per tab: 跟踪 by update time, 热点 by reads', () => {
    expect(parseListState({ curMenu: 'follow' }).sort).toBe('updateDesc');
    expect(parseListState({ curMenu: 'hot' }).sort).toBe('numDesc');
    expect(parseListState({ curMenu: 'recommend' }).sort).toBe('dateDesc');
    expect(defaultSort('myFollow')).toBe('updateDesc');
    expect(defaultSort('trans')).toBe('dateDesc');
  });

  it('falls back on invalid values, each on its own', () => {
    const state = parseListState({ curMenu: 'nope', page: '-2', size: '25', sort: 'title,asc', classify: 'x', shareType: 'all' });
    expect(state).toEqual(defaultListState('all'));
    expect(parseListState({ page: '0' }).page).toBe(1);
    expect(parseListState({ page: '1.5' }).page).toBe(1);
    expect(parseListState({ page: '99999999999' }).page).toBe(1);
    expect(parseListState({ page: ' 4 ' }).page).toBe(4);
    expect(parseListState({ size: '100' }).size).toBe(20); // 100 is a share size, not a news size
    expect(parseListState({ classify: '0' }).classify).toBeNull();
  });

  it('treats the root classification 全部 (9999) as no filter', () => {
    expect(parseListState({ classify: '9999' }).classify).toBeNull();
  });

  it('only allows update-time sorting when curMenu is myFollow, trans, follow or achieve', () => {
    for (const menu of ['myFollow', 'trans', 'follow', 'achieve']) expect(allowsUpdateSort(menu)).toBe(true);
    for (const menu of ['all', 'hot', 'recommend', 'interest', 'choice', 'collect', 'share']) expect(allowsUpdateSort(menu)).toBe(false);
    expect(parseListState({ curMenu: 'all', sort: 'updateAsc' }).sort).toBe('dateDesc');
    expect(parseListState({ curMenu: 'follow', sort: 'updateAsc' }).sort).toBe('updateAsc');
    const menus = ['myFollow', 'trans'];
    expect(parseListState({ curMenu: 'trans', sort: 'updateAsc' }, { menus, fallbackMenu: 'myFollow' }).sort).toBe('updateAsc');
    expect(sortFieldsFor('all')).toEqual(['date', 'score', 'num', 'create']);
    expect(sortFieldsFor('follow')).toEqual(['date', 'score', 'num', 'create', 'update']);
  });

  it('keeps relevance only with a search', () => {
    expect(parseListState({ sort: 'scoreDesc' }).sort).toBe('dateDesc');
    expect(parseListState({ sort: 'scoreDesc', content: '能源' }).sort).toBe('scoreDesc');
    expect(parseListState({ sort: 'scoreAsc', content: '   ' }).sort).toBe('dateDesc');
    expect(normalizeSort('scoreAsc', 'hot', '')).toBe('numDesc');
  });

  it('trims the search text and cuts it at 200 characters', () => {
    expect(parseListState({ content: '  油价  ' }).content).toBe('油价');
    expect(parseListState({ content: 'x'.repeat(300) }).content).toHaveLength(200);
  });

  it('accepts other menus for the personal centre', () => {
    const options = { menus: ['myFollow', 'trans', 'achieve'], fallbackMenu: 'myFollow' };
    expect(parseListState({ curMenu: 'achieve' }, options).curMenu).toBe('achieve');
    expect(parseListState({ curMenu: 'all' }, options).curMenu).toBe('myFollow');
  });

  it('gives the share lists their own sizes (15 default; 15/30/50/100) and sub-tab', () => {
    expect(parseListState({ curMenu: 'share' })).toMatchObject({ size: 15, shareType: 'from' });
    expect(parseListState({ curMenu: 'share', size: '100', shareType: 'to' })).toMatchObject({ size: 100, shareType: 'to' });
    expect(parseListState({ curMenu: 'share', size: '20' }).size).toBe(15);
    expect(parseListState({ curMenu: 'share', classify: '12' }).classify).toBeNull();
    expect(parseListState({ curMenu: 'collect', content: 'x', classify: '3' })).toMatchObject({ content: 'x', classify: null });
  });
});

describe('toRouteQuery', () => {
  it('always writes curMenu, page and size; the rest only when not the default', () => {
    expect(toRouteQuery(defaultListState('all'))).toEqual({ curMenu: 'all', page: '1', size: '20' });
    expect(toRouteQuery(defaultListState('follow'))).toEqual({ curMenu: 'follow', page: '1', size: '20' });
    const state = { ...defaultListState('hot'), page: 4, size: 50, sort: 'dateAsc' as const, classify: 7, content: '能源' };
    expect(toRouteQuery(state)).toEqual({ curMenu: 'hot', page: '4', size: '50', sort: 'dateAsc', classify: '7', content: '能源' });
    expect(toRouteQuery({ ...defaultListState('share'), shareType: 'to' })).toEqual({ curMenu: 'share', page: '1', size: '15', shareType: 'to' });
  });

  it('round-trips through the route', () => {
    const states = [
      defaultListState('all'),
      { ...defaultListState('follow'), page: 7, sort: 'updateAsc' as const },
      { ...defaultListState('choice'), size: 10, classify: 42, content: '美国 能源', sort: 'scoreDesc' as const },
      { ...defaultListState('share'), shareType: 'to' as const, page: 2, size: 100, content: 'oil' },
    ];
    for (const state of states) {
      expect(parseListState(new URLSearchParams(toSearchString(state)))).toEqual(state);
      expect(sameListState(parseListState(new URLSearchParams(toSearchString(state))), state)).toBe(true);
    }
  });

  it('encodes the search text', () => {
    expect(toSearchString({ ...defaultListState('all'), content: 'a&b=c' })).toBe('?curMenu=all&page=1&size=20&content=a%26b%3Dc');
  });
});

describe('toNewsListQuery', () => {
  it('sends the page zero-based with the tab type, classify, search and department', () => {
    const state = { ...defaultListState('recommend'), page: 3, classify: 12, content: '能源' };
    expect(toNewsListQuery(state, { deptId: 5 })).toEqual({ page: 2, size: 20, sort: 'dateDesc', type: 'recommend', classify: 12, content: '能源', deptId: 5 });
  });

  it('sends no type for 全部 and the hot type for 热点', () => {
    expect(toNewsListQuery(defaultListState('all'))).toEqual({ page: 0, size: 20, sort: 'dateDesc' });
    expect(toNewsListQuery(defaultListState('hot'))).toMatchObject({ type: 'hot', sort: 'numDesc' });
    expect(toNewsListQuery(defaultListState('interest')).type).toBe('interest');
    expect(toNewsListQuery(defaultListState('follow')).type).toBe('follow');
    expect(toNewsListQuery(defaultListState('choice')).type).toBe('choice');
    expect(toNewsListQuery(defaultListState('myFollow'), { type: 'follow' })).toMatchObject({ type: 'follow', sort: 'updateDesc' });
    expect(toNewsListQuery(defaultListState('all'), { deptId: null })).not.toHaveProperty('deptId');
  });
});

describe('toShareQuery', () => {
  it('asks for my shares (fromId) or those shared to me (toId), page zero-based', () => {
    expect(toShareQuery(defaultListState('share'), 3)).toEqual({ page: 0, size: 15, fromId: 3 });
    expect(toShareQuery({ ...defaultListState('share'), shareType: 'to', page: 2, content: 'oil' }, 3)).toEqual({ page: 1, size: 15, toId: 3, title: 'oil' });
  });
});

describe('transitions', () => {
  const base = { ...defaultListState('all'), page: 5 };

  it('go back to page 1 on a new sort, size, search or classification', () => {
    expect(withSort(base, 'numAsc')).toMatchObject({ sort: 'numAsc', page: 1 });
    expect(withSize(base, 50)).toMatchObject({ size: 50, page: 1 });
    expect(withContent(base, ' 油价 ')).toMatchObject({ content: '油价', page: 1 });
    expect(withClassify(base, 12)).toMatchObject({ classify: 12, page: 1 });
    expect(withClassify({ ...base, classify: 12 }, 9999).classify).toBeNull();
    expect(withShareType({ ...defaultListState('share'), page: 3 }, 'to')).toMatchObject({ shareType: 'to', page: 1 });
  });

  it('refuse a size the list does not offer and a sort it does not allow', () => {
    expect(withSize(base, 30)).toBe(base);
    expect(withSort(base, 'updateDesc').sort).toBe('dateDesc');
    expect(withSort(base, 'scoreDesc').sort).toBe('dateDesc');
    expect(withSort({ ...base, content: '油价' }, 'scoreDesc').sort).toBe('scoreDesc');
  });

  it('drop relevance when the search is cleared', () => {
    expect(withContent({ ...base, content: '油价', sort: 'scoreDesc' }, '').sort).toBe('dateDesc');
  });

  it('clamp the page between 1 and the page count', () => {
    expect(withPage(base, 0).page).toBe(1);
    expect(withPage(base, 12, 10).page).toBe(10);
    expect(withPage(base, 3.7, 10).page).toBe(3);
    expect(withPage(base, Number.NaN).page).toBe(1);
  });

  it('switch tabs with the remembered page and the current news filters', () => {
    const filters = { classify: 12, content: '' };
    const rememberedHot = { ...defaultListState('hot'), page: 3, classify: 12 };
    expect(switchMenu('hot', rememberedHot, filters)).toEqual(rememberedHot);
    // the filters changed since 热点 was shown: same sort and size, page 1
    expect(switchMenu('hot', { ...rememberedHot, sort: 'dateAsc' }, { classify: 7, content: '' })).toMatchObject({ page: 1, classify: 7, sort: 'dateAsc' });
    expect(switchMenu('follow', undefined, filters)).toEqual({ ...defaultListState('follow'), classify: 12 });
    // 分享 keeps its own title search and has no classification
    expect(switchMenu('share', undefined, filters)).toEqual(defaultListState('share'));
    // relevance without the search falls back
    expect(switchMenu('all', { ...defaultListState('all'), content: 'x', sort: 'scoreDesc' }, { classify: null, content: '' }).sort).toBe('dateDesc');
  });

  it('count pages (at least one)', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(41, 20)).toBe(3);
    expect(pageCountOf(40, 20)).toBe(2);
  });
});

describe('合并同一事件 (collapse)', () => {
  // the unit project runs without a DOM: a small storage stands in for the browser's
  const store = new Map<string, string>();
  beforeEach(() => {
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => {
    store.clear();
    vi.unstubAllGlobals();
  });

  it('is off without storage or a remembered choice', () => {
    expect(store.has(COLLAPSE_KEY)).toBe(false);
    expect(parseListState(new URLSearchParams('curMenu=all')).collapse).toBe(false);
  });

  it('reads collapse=1 on the news tabs only and writes it back', () => {
    const state = parseListState(new URLSearchParams('curMenu=all&collapse=1'));
    expect(state.collapse).toBe(true);
    expect(toRouteQuery(state)).toMatchObject({ collapse: '1' });
    expect(toNewsListQuery(state)).toMatchObject({ collapse: 1 });
    expect(parseListState(new URLSearchParams('curMenu=all&collapse=0')).collapse).toBe(false);
    const share = parseListState(new URLSearchParams('curMenu=share&collapse=1'));
    expect(share.collapse).toBe(false);
    expect(toRouteQuery(share)).not.toHaveProperty('collapse');
    expect(toNewsListQuery(parseListState(new URLSearchParams('curMenu=hot')))).not.toHaveProperty('collapse');
  });

  it('starts again at page 1 when switched and is remembered for routes without it', () => {
    const state = parseListState(new URLSearchParams('curMenu=all&page=4'));
    const on = withCollapse(state, true);
    expect(on).toMatchObject({ collapse: true, page: 1 });
    expect(withCollapse(parseListState({ curMenu: 'share' }), true).collapse).toBe(false);
    rememberCollapse(true);
    expect(parseListState(new URLSearchParams('curMenu=hot')).collapse).toBe(true);
    expect(switchMenu('interest', undefined, { classify: null, content: '' }).collapse).toBe(true);
    // the department tabs are not collapsed by the server: no switch, no collapse=1
    expect(switchMenu('follow', undefined, { classify: null, content: '' }).collapse).toBe(false);
    rememberCollapse(false);
    expect(parseListState(new URLSearchParams('curMenu=hot')).collapse).toBe(false);
  });
});
