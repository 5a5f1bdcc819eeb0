// Pure functions turning the router tree of `GET api/menus/build` into the sidebar's items.

export interface RouterMeta {
  title: string;
  icon?: string | null;
  noCache?: boolean;
  module?: string | null;
}

export interface RouterNode {
  name?: string | null;
  path: string;
  hidden?: boolean;
  component?: string | null;
  redirect?: string | null;
  alwaysShow?: boolean;
  meta?: RouterMeta | null;
  children?: RouterNode[] | null;
}

export interface NavItem {
  /** Unique: the resolved path of a link, `group:<path>` for a group. */
  key: string;
  title: string;
  icon?: string;
  /** Route inside the app (`/system/user`), or an absolute URL when `external`. */
  path: string;
  external: boolean;
  children?: NavItem[];
}

export interface NavFilter {
  /** Current launch-page module; items of other modules are left out (unless admin). */
  module?: string;
  isAdmin?: boolean;
}

const isUrl = (path: string) => /^https?:\/\//i.test(path);

/** Resolves a child route against its parent the way the router tree means it. */
export function resolvePath(base: string, path: string): string {
  if (!path) return base || '/';
  if (isUrl(path) || path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** The eladmin wrapper's `index` child stands for the wrapper's route itself. */
const unwrapIndex = (child: RouterNode): RouterNode => (child.path === 'index' ? { ...child, path: '' } : child);

function toItems(nodes: RouterNode[], base: string, inheritedModule: string | undefined, filter: NavFilter): NavItem[] {
  const items: NavItem[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const path = resolvePath(base, node.path);
    const module = node.meta?.module ?? inheritedModule;
    if (!filter.isAdmin && filter.module && module && module !== filter.module) continue;
    const children = node.children ?? [];

    // A root menu without children comes wrapped in a title-less layout node: show the child itself,
    // at the wrapper's own route (`/website-statistic`, not `/website-statistic/index`).
    if (!node.meta && children.length > 0) {
      items.push(...toItems(children.map(unwrapIndex), path, module, filter));
      continue;
    }
    if (!node.meta) continue;

    if (children.length > 0) {
      const nested = toItems(children, path, module, filter);
      if (nested.length > 0) {
        items.push({ key: `group:${path}`, title: node.meta.title, icon: node.meta.icon ?? undefined, path, external: false, children: nested });
      }
      continue;
    }
    items.push({ key: path, title: node.meta.title, icon: node.meta.icon ?? undefined, path, external: isUrl(path) });
  }
  return items;
}

/**
 * Sidebar items: hidden entries skipped; entries of another module skipped unless the user is
 * admin (an entry without a module inherits its parent's, and one with none shows everywhere);
 * directories left without children dropped.
 */
export function buildNav(routers: RouterNode[], filter: NavFilter = {}): NavItem[] {
  return toItems(routers, '', undefined, filter);
}

/** Every link of the tree, depth first. */
export function flattenNav(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? flattenNav(item.children) : [item]));
}

/** The chain of items (groups then the link) whose link is the longest prefix of `pathname`. */
export function findTrail(items: NavItem[], pathname: string): NavItem[] {
  let best: NavItem[] = [];
  const visit = (nodes: NavItem[], trail: NavItem[]) => {
    for (const node of nodes) {
      if (node.children) {
        visit(node.children, [...trail, node]);
      } else if (!node.external && (pathname === node.path || pathname.startsWith(`${node.path}/`))) {
        if (best.length === 0 || node.path.length > best[best.length - 1].path.length) best = [...trail, node];
      }
    }
  };
  visit(items, []);
  return best;
}

/** Groups to open: the given group (and its ancestors) only when unique-opened, else added. */
export function toggleGroup(openKeys: string[], key: string, ancestors: string[], uniqueOpened: boolean): string[] {
  if (openKeys.includes(key)) return openKeys.filter((open) => open !== key);
  return uniqueOpened ? [...ancestors, key] : [...openKeys, key];
}

/**
 * Sidebar items of the preferred module; when the user has nothing there (a translator arriving at
 * /user/center with the default module), those of the first module where they have something.
 * Admins see every module anyway.
 */
export function buildModuleNav(routers: RouterNode[], preferred: string, modules: readonly string[], isAdmin: boolean): NavItem[] {
  const own = buildNav(routers, { module: preferred, isAdmin });
  if (own.length > 0 || isAdmin) return own;
  for (const module of modules) {
    const items = buildNav(routers, { module, isAdmin });
    if (items.length > 0) return items;
  }
  return own;
}
