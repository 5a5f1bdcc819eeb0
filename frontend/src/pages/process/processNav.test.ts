import { activeProcessNav, centerMenuOf, centerPath, PROCESS_NAV } from './processNav';

describe('activeProcessNav', () => {
  it('follows the second path segment of /productProcess-<x>', () => {
    expect(activeProcessNav('/productProcess-home')).toBe('home');
    expect(activeProcessNav('/productProcess-center')).toBe('center');
    expect(activeProcessNav('/productProcess-manu')).toBe('manu');
    expect(activeProcessNav('/productProcess-product')).toBe('product');
    expect(activeProcessNav('/productProcess-achieve')).toBe('achieve');
    expect(activeProcessNav('/productProcess-statistic')).toBe('statistic');
    expect(activeProcessNav('/productProcess-vote')).toBe('vote');
  });

  it('ignores the query and a trailing slash', () => {
    expect(activeProcessNav('/productProcess-center?curMenu=user')).toBe('center');
    expect(activeProcessNav('/productProcess-vote/')).toBe('vote');
  });

  it('puts the news list, the warning list and the news pages under home', () => {
    expect(activeProcessNav('/productProcess-list')).toBe('home');
    expect(activeProcessNav('/yjList')).toBe('home');
    expect(activeProcessNav('/pro/news')).toBe('home');
    expect(activeProcessNav('/pro/news/detailFull2/42')).toBe('home');
    expect(activeProcessNav('/pro/news/detailFull/42')).toBe('home');
    expect(activeProcessNav('/pro/home')).toBe('home');
  });

  it('maps the other /pro pages to their top item', () => {
    expect(activeProcessNav('/pro/manuscript/index')).toBe('manu');
    expect(activeProcessNav('/pro/setManu')).toBe('product');
    expect(activeProcessNav('/pro/product/journal/3')).toBe('product');
    expect(activeProcessNav('/pro/analysis')).toBe('statistic');
  });

  it('highlights nothing elsewhere', () => {
    expect(activeProcessNav('/')).toBeNull();
    expect(activeProcessNav('/enter')).toBeNull();
    expect(activeProcessNav('/productProcess-unknown')).toBeNull();
    expect(activeProcessNav('/productProcessing-home')).toBeNull();
    expect(activeProcessNav('/pro/whatever')).toBeNull();
    expect(activeProcessNav('/system/user')).toBeNull();
  });

  it('every top link is its own active item', () => {
    for (const item of PROCESS_NAV) expect(activeProcessNav(item.to)).toBe(item.key);
  });
});

describe('centerMenuOf', () => {
  it('reads curMenu, defaulting to 我的关注', () => {
    expect(centerMenuOf('?curMenu=user')).toBe('user');
    expect(centerMenuOf('curMenu=collect&page=2')).toBe('collect');
    expect(centerMenuOf(new URLSearchParams({ curMenu: 'share' }))).toBe('share');
    expect(centerMenuOf('')).toBe('myFollow');
    expect(centerMenuOf('?curMenu=hacker')).toBe('myFollow');
  });

  it('builds the address of a menu', () => {
    expect(centerPath('trans')).toBe('/productProcess-center?curMenu=trans');
    expect(centerMenuOf(centerPath('trans').split('?')[1])).toBe('trans');
  });
});
