// Messages of the large screens 数据大屏 / 分级大屏 / 展示大屏 (/screen, /screenLevel, /screenShow;
// docs/screens.md). The catalogues hold them as `screen.*` (zh.ts: `screen: screenZh`, en.ts:
// `screen: screenEn`); `useScreenText` falls back to the tables below. Plain data: no screen code imported.

export const SCREEN_I18N_PREFIX = 'screen';

export const screenZh = {
  titles: {
    screen: '数据大屏',
    screenLevel: '分级数据大屏',
    screenShow: '展示大屏',
  },
  entries: {
    screen: '数据大屏',
    screenShow: '展示大屏',
    hint: '在新窗口中打开',
  },
  scope: {
    dept: '本部门',
    parent: '上级部门及下属部门',
    all: '全部部门',
  },
  counts: {
    newsToday: '今日采集',
    news7d: '近 7 天采集',
    warnedToday: '今日预警',
    warned7d: '近 7 天预警',
  },
  panels: {
    warned: '最新预警',
    countries: '近 7 天来源国家',
    keywords: '近 24 小时热词',
    translations: '最新审核通过的翻译',
    journals: '最新定稿期刊',
  },
  empty: {
    warned: '暂无预警',
    countries: '暂无来源国家数据',
    keywords: '暂无热词',
    translations: '暂无审核通过的翻译',
    journals: '暂无定稿期刊',
  },
  journal: '%{year} 年第 %{no} 期（总第 %{total} 期）',
  refresh: '每 30 秒刷新 · 更新于 %{time}',
  slide: '第 %{n} / %{total} 屏 · 每 10 秒轮换',
  loading: '加载中…',
  failed: '大屏数据加载失败',
  chart_countries: '来源国家条数排行',
  other_country: '其他',
};

export type ScreenMessages = typeof screenZh;

export const screenEn: ScreenMessages = {
  titles: {
    screen: 'Data wall',
    screenLevel: 'Data wall by level',
    screenShow: 'Showcase wall',
  },
  entries: {
    screen: 'Data wall',
    screenShow: 'Showcase wall',
    hint: 'Opens in a new window',
  },
  scope: {
    dept: 'My department',
    parent: 'Parent department and below',
    all: 'All departments',
  },
  counts: {
    newsToday: 'Collected today',
    news7d: 'Collected, 7 days',
    warnedToday: 'Warned today',
    warned7d: 'Warned, 7 days',
  },
  panels: {
    warned: 'Latest warnings',
    countries: 'Source countries, 7 days',
    keywords: 'Trending keywords, 24 h',
    translations: 'Latest reviewed translations',
    journals: 'Latest finalised journals',
  },
  empty: {
    warned: 'No warnings',
    countries: 'No source countries',
    keywords: 'No keywords',
    translations: 'No reviewed translations',
    journals: 'No finalised journals',
  },
  journal: '%{year} no. %{no} (total %{total})',
  refresh: 'Refreshes every 30 s · updated %{time}',
  slide: 'Slide %{n} / %{total} · rotates every 10 s',
  loading: 'Loading…',
  failed: 'Could not load the screen',
  chart_countries: 'Items per source country',
  other_country: 'Other',
};
