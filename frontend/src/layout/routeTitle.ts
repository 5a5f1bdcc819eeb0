// Titles of routes for the tag bar and the breadcrumb: menu titles, else the known custom pages.
import { findTrail, type NavItem } from './menuTree';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Pages outside the menu tree, by path → message key. */
export const ROUTE_TITLE_KEYS: Record<string, string> = {
  '/home/dashboard': 'app.pages.home',
  '/user/center': 'app.pages.profile',
  '/website-statistic': 'app.modules.collect',
  '/productProcess-home': 'app.launch.process',
  '/dataExchange': 'app.modules.storage',
  '/pro/home': 'app.launch.process',
  // the journal workbench, reached from a journal row (its menu entry is hidden)
  '/product/manuscript': 'app.pages.journal_workbench',
};

/** `create` → 新增, `<id>` → 编辑, `<id>/show` → 详情 for react-admin sub-routes of a menu entry. */
function actionKey(rest: string): string | undefined {
  if (!rest) return undefined;
  if (rest === 'create') return 'app.pages.create';
  if (rest.endsWith('/show')) return 'app.pages.show';
  return 'app.pages.edit';
}

export interface RouteTitle {
  /** Menu chain (groups then the entry); empty for pages outside the menu. */
  trail: NavItem[];
  title: string;
  /** False for paths the app does not know (they end on /404 and get no tag). */
  known: boolean;
  /** Set when the title came from a react-admin resource outside the user's menu (permission unknown). */
  resource?: string;
}

export function routeTitle(pathname: string, items: NavItem[], translate: Translate): RouteTitle {
  const trail = findTrail(items, pathname);
  const entry = trail[trail.length - 1];
  if (entry) {
    const key = actionKey(pathname.slice(entry.path.length).replace(/^\/+/, ''));
    return { trail, title: key ? `${entry.title} · ${translate(key)}` : entry.title, known: true };
  }
  const key = ROUTE_TITLE_KEYS[pathname];
  if (key) return { trail, title: translate(key), known: true };
  // a manuscript's own page (/detail/:id)
  if (/^\/detail\/\d+$/.test(pathname)) return { trail, title: translate('app.pages.manuscript_detail'), known: true };
  const resourceName = pathname.replace(/^\/+/, '').split('/').slice(0, 2).join('/');
  const title = translate(`resources.${resourceName}.name`, { smart_count: 2, _: pathname });
  return title === pathname ? { trail, title, known: false } : { trail, title, known: true, resource: resourceName };
}
