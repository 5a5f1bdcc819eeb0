// Messages of the list pager (total, page size, pages, jumper). The app catalogues hold them where
// the pager was born, under `news.pager.*` (the news tables include these); a key the catalogue does
// not hold (and every key in a context without an i18nProvider, as in tests) falls back to Chinese.

export const PAGER_I18N_PREFIX = 'news.pager';

export const pagerZh = {
  total: '共 %{total} 条',
  total_estimate: '约 %{total} 条',
  estimate_hint: '结果较多，总数为估算值',
  size: '%{size} 条/页',
  jump: '前往',
  page: '页',
  page_n: '第 %{page} 页',
  prev: '上一页',
  next: '下一页',
};

export type PagerMessages = typeof pagerZh;

export const pagerEn: PagerMessages = {
  total: '%{total} in total',
  total_estimate: 'About %{total}',
  estimate_hint: 'Many results: the total is an estimate',
  size: '%{size} / page',
  jump: 'Go to',
  page: '',
  page_n: 'Page %{page}',
  prev: 'Previous page',
  next: 'Next page',
};
