// Pure tree building for menus (and depts): no database, no Nest. Mirrors eladmin's MenuServiceImpl
// `buildTree` / `buildMenus` (3.4 of the contract) with `meta.module` added.

export interface TreeNode {
  id: number;
  pid: number | null;
}

export type Tree<T> = T & { children?: Array<Tree<T>> };

/**
 * Nests flat nodes (kept in their input order) under their parents as `children` (only when there
 * are any). The top level is the nodes with `pid` null; nodes whose parent is not in the list are
 * dropped then, as eladmin does, unless there is no such root or `orphansAsRoots` is set, in which
 * case they become the top level. Duplicate ids keep the first; cycles cannot loop.
 */
export function buildTree<T extends TreeNode>(nodes: readonly T[], orphansAsRoots = false): Array<Tree<T>> {
  const unique = new Map<number, T>();
  for (const n of nodes) if (!unique.has(n.id)) unique.set(n.id, n);
  const kids = new Map<number, T[]>();
  const roots: T[] = [];
  const tops: T[] = [];
  for (const n of unique.values()) {
    if (n.pid != null && n.pid !== n.id && unique.has(n.pid)) {
      const list = kids.get(n.pid);
      if (list) list.push(n);
      else kids.set(n.pid, [n]);
    } else {
      tops.push(n);
      if (n.pid == null) roots.push(n);
    }
  }
  const seen = new Set<number>();
  const make = (n: T): Tree<T> => {
    seen.add(n.id);
    const children: Array<Tree<T>> = [];
    for (const c of kids.get(n.id) ?? []) if (!seen.has(c.id)) children.push(make(c));
    return children.length ? { ...n, children } : { ...n };
  };
  const start = orphansAsRoots || roots.length === 0 ? tops : roots;
  const out: Array<Tree<T>> = [];
  for (const n of start) if (!seen.has(n.id)) out.push(make(n));
  return out;
}

/** Number of nodes in a tree. */
export function countTree<T>(nodes: ReadonlyArray<Tree<T>>): number {
  return nodes.reduce((sum, n) => sum + 1 + countTree(n.children ?? []), 0);
}

/** The menu fields the router tree needs. */
export interface RouterMenu extends TreeNode {
  type: number;
  title: string;
  componentName: string | null;
  component: string | null;
  path: string | null;
  icon: string | null;
  cache: boolean;
  hidden: boolean;
  iFrame: boolean;
  module: string | null;
}

export interface RouterMeta {
  title: string;
  icon: string | null;
  noCache: boolean;
  module: string | null;
}

/** A vue-router-style route of `GET api/menus/build`; absent keys are eladmin's nulls. */
export interface RouterNode {
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  alwaysShow?: boolean;
  meta?: RouterMeta;
  children?: RouterNode[];
}

const blank = (s: string | null | undefined): boolean => s == null || s.trim() === '';

/**
 * eladmin's `buildMenus` over a tree from `buildTree`:
 * - `name` = componentName, else title; root paths get a leading `/` (external links keep their URL);
 * - `component`: none for external links, `Layout` for an empty root, `ParentView` for an empty
 *   nested directory, else the view path;
 * - nodes with children get `alwaysShow` and `redirect: 'noredirect'`;
 * - a root without children is wrapped in a nameless `Layout` node with one child (`index`, or the URL);
 * - `meta.module` is the menu's module, else the nearest ancestor's.
 */
export function buildRouters(menus: ReadonlyArray<Tree<RouterMenu>>, inheritedModule: string | null = null): RouterNode[] {
  return menus.map((m) => {
    const isRoot = m.pid == null;
    const module = m.module ?? inheritedModule;
    const path = m.path ?? '';
    const node: RouterNode = {
      name: blank(m.componentName) ? m.title : (m.componentName as string),
      path: isRoot && !m.iFrame ? `/${path}` : path,
      hidden: m.hidden,
    };
    if (!m.iFrame) {
      if (isRoot) node.component = blank(m.component) ? 'Layout' : (m.component as string);
      else if (m.type === 0) node.component = blank(m.component) ? 'ParentView' : (m.component as string);
      else if (!blank(m.component)) node.component = m.component as string;
    }
    const meta: RouterMeta = { title: m.title, icon: m.icon, noCache: !m.cache, module };
    node.meta = meta;
    if (m.children?.length) {
      node.alwaysShow = true;
      node.redirect = 'noredirect';
      node.children = buildRouters(m.children, module);
    } else if (isRoot) {
      const child: RouterNode = m.iFrame ? { path, meta } : { name: node.name, path: 'index', component: node.component, meta };
      delete node.name;
      delete node.meta;
      node.component = 'Layout';
      node.children = [child];
    }
    return node;
  });
}
