// The product-processing system's top navigation (news-tracking spec §2 "Top navigation bar") and
// the personal centre's menus. Pure: the layout and the centre page render from these.

export type ProcessNavKey = 'home' | 'center' | 'manu' | 'product' | 'achieve' | 'statistic' | 'vote';

export interface ProcessNavItem {
  key: ProcessNavKey;
  /** Route inside the router's basename (`/horizon`). */
  to: string;
  /** i18n key of the label. */
  label: string;
}

/** In the spec's order. */
export const PROCESS_NAV: readonly ProcessNavItem[] = [
  { key: 'home', to: '/productProcess-home', label: 'app.process.nav.home' },
  { key: 'center', to: '/productProcess-center?curMenu=myFollow', label: 'app.process.nav.center' },
  { key: 'manu', to: '/productProcess-manu', label: 'app.process.nav.manu' },
  { key: 'product', to: '/productProcess-product', label: 'app.process.nav.product' },
  { key: 'achieve', to: '/productProcess-achieve', label: 'app.process.nav.achieve' },
  { key: 'statistic', to: '/productProcess-statistic', label: 'app.process.nav.statistic' },
  { key: 'vote', to: '/productProcess-vote', label: 'app.process.nav.vote' },
];

/** Where the logo and 返回首页 lead: the module launch page. */
export const LAUNCH_PATH = '/enter';

const NAV_KEYS = new Set<string>(PROCESS_NAV.map((item) => item.key));

/** `/pro/<page>` routes of the news module, by the top item they belong to. */
const PRO_SECTIONS: Record<string, ProcessNavKey> = {
  home: 'home',
  news: 'home',
  collect: 'home',
  subscribe: 'home',
  manuscript: 'manu',
  // the journal workbench is reached from 产品加工's journal list
  setManu: 'product',
  product: 'product',
  analysis: 'statistic',
};

/**
 * The top item to highlight, from the second path segment: the `<x>` of `/productProcess-<x>`
 * (`list` is the news list, so home), the news module's `/pro/<page>/...`, and `/yjList` (the
 * warning list, reached from the home page). Anything else highlights nothing.
 */
export function activeProcessNav(pathname: string): ProcessNavKey | null {
  const segments = pathname.split('?')[0].split('/').filter(Boolean);
  const [first = '', second = ''] = segments;
  const match = /^productProcess-(\w+)$/.exec(first);
  if (match) {
    const section = match[1];
    if (NAV_KEYS.has(section)) return section as ProcessNavKey;
    return section === 'list' ? 'home' : null;
  }
  if (first === 'pro') return PRO_SECTIONS[second] ?? null;
  if (first === 'yjList') return 'home';
  return null;
}

// --- personal centre -------------------------------------------------------------------------

export type CenterMenu = 'myFollow' | 'trans' | 'collect' | 'share' | 'user';

export interface CenterMenuItem {
  key: CenterMenu;
  label: string;
  /** Permission codes (any one, or admin) needed to see the entry; none = every user. */
  permissions?: readonly string[];
}

export const CENTER_MENUS: readonly CenterMenuItem[] = [
  { key: 'myFollow', label: 'app.process.center.myFollow' },
  { key: 'trans', label: 'app.process.center.trans' },
  { key: 'collect', label: 'app.process.center.collect', permissions: ['newsCollect:list'] },
  { key: 'share', label: 'app.process.center.share' },
  { key: 'user', label: 'app.process.center.user' },
];

export const DEFAULT_CENTER_MENU: CenterMenu = 'myFollow';

/** `curMenu` of the query; missing or unknown → 我的关注 (the top link's target). */
export function centerMenuOf(search: string | URLSearchParams): CenterMenu {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get('curMenu');
  return CENTER_MENUS.some((item) => item.key === value) ? (value as CenterMenu) : DEFAULT_CENTER_MENU;
}

/** The centre's address for a menu (other query values are those of the previous menu: dropped). */
export function centerPath(menu: CenterMenu): string {
  return `/productProcess-center?curMenu=${menu}`;
}

/**
 * The news-list queries behind the centre's menus and 成果管理 (news-tracking spec §9: type and
 * isTrans values); `curMenu` travels with the list's page and size in the route query and enables
 * sorting by update time. Filled in by the news list component when it is mounted here.
 */
export const NEWS_LIST_SLOTS = {
  myFollow: { curMenu: 'myFollow', filter: { type: 'follow' } },
  trans: { curMenu: 'trans', filter: { isTrans: '2' } },
  achieve: { curMenu: 'achieve', filter: { isTrans: '3' } },
} as const;

export type NewsListSlot = keyof typeof NEWS_LIST_SLOTS;

/** Height of the top bar; pages that fill the window subtract it. */
export const PROCESS_BAR_HEIGHT = 56;
