// Pure helpers for the dept and menu trees (ids are numbers on the wire, strings in MUI tree views).

export interface TreeLike<T> {
  id: number;
  children?: T[] | null;
}

export type WithChildren<T> = Omit<T, 'children'> & { children: WithChildren<T>[] };

/**
 * Builds a tree from a flat list linked by `pid`. Items whose parent is not in the list become roots,
 * so a filtered (partial) list still shows every match. Sibling order follows the input order.
 */
export function buildTree<T extends { id: number; pid?: number | null }>(flat: readonly T[]): WithChildren<T>[] {
  const nodes = new Map<number, WithChildren<T>>();
  for (const item of flat) nodes.set(item.id, { ...item, children: [] } as WithChildren<T>);
  const roots: WithChildren<T>[] = [];
  for (const item of flat) {
    const node = nodes.get(item.id) as WithChildren<T>;
    const parent = item.pid === null || item.pid === undefined ? undefined : nodes.get(item.pid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function childrenOf<T extends TreeLike<T>>(node: T): T[] {
  return node.children ?? [];
}

export function walkTree<T extends TreeLike<T>>(nodes: readonly T[], visit: (node: T, depth: number, parent: T | null) => void): void {
  const step = (list: readonly T[], depth: number, parent: T | null) => {
    for (const node of list) {
      visit(node, depth, parent);
      step(childrenOf(node), depth + 1, node);
    }
  };
  step(nodes, 0, null);
}

export function flattenTree<T extends TreeLike<T>>(nodes: readonly T[]): Array<{ node: T; depth: number }> {
  const out: Array<{ node: T; depth: number }> = [];
  walkTree(nodes, (node, depth) => out.push({ node, depth }));
  return out;
}

export function findNode<T extends TreeLike<T>>(nodes: readonly T[], id: number): T | undefined {
  let found: T | undefined;
  walkTree(nodes, (node) => {
    if (!found && node.id === id) found = node;
  });
  return found;
}

/** The node's own id followed by the ids of all its descendants. */
export function subtreeIds<T extends TreeLike<T>>(nodes: readonly T[], id: number): number[] {
  const node = findNode(nodes, id);
  if (!node) return [];
  const ids: number[] = [];
  walkTree([node], (n) => ids.push(n.id));
  return ids;
}

/** Ids of the ancestors of `id`, root first (empty for a root or an unknown id). */
export function ancestorIds<T extends TreeLike<T>>(nodes: readonly T[], id: number): number[] {
  const search = (list: readonly T[], path: number[]): number[] | null => {
    for (const node of list) {
      if (node.id === id) return path;
      const hit = search(childrenOf(node), [...path, node.id]);
      if (hit) return hit;
    }
    return null;
  };
  return search(nodes, []) ?? [];
}

/** Removes the node `id` and its subtree (a record cannot become its own parent or descendant's child). */
export function pruneTree<T extends TreeLike<T>>(nodes: readonly T[], id: number | null | undefined, drop?: (node: T) => boolean): T[] {
  const out: T[] = [];
  for (const node of nodes) {
    if (node.id === id || drop?.(node)) continue;
    const children = node.children ? pruneTree(node.children, id, drop) : node.children;
    out.push({ ...node, children });
  }
  return out;
}

/**
 * Checkbox propagation of the role menu tree: checking a node checks its whole subtree and its
 * ancestors (so the menu stays reachable); unchecking a node unchecks its subtree only.
 */
export function toggleChecked<T extends TreeLike<T>>(nodes: readonly T[], checked: readonly number[], id: number, isChecked: boolean): number[] {
  const subtree = subtreeIds(nodes, id);
  const next = new Set(checked);
  if (isChecked) {
    for (const n of [...ancestorIds(nodes, id), ...subtree]) next.add(n);
  } else {
    for (const n of subtree) next.delete(n);
  }
  return [...next].sort((a, b) => a - b);
}

/** Item model of MUI's RichTreeView (string ids, a label, optional children). */
export interface ViewItem {
  id: string;
  label: string;
  children?: ViewItem[];
}

export function toViewItems<T extends TreeLike<T>>(nodes: readonly T[], label: (node: T) => string): ViewItem[] {
  return nodes.map((node) => {
    const children = childrenOf(node);
    return children.length > 0
      ? { id: String(node.id), label: label(node), children: toViewItems(children, label) }
      : { id: String(node.id), label: label(node) };
  });
}

export function findViewItem(items: readonly ViewItem[], id: string): ViewItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const hit = item.children ? findViewItem(item.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** Ids of the items down to `levels` deep that have children (for a default expansion). */
export function expandableIds(items: readonly ViewItem[], levels = 1): string[] {
  if (levels <= 0) return [];
  return items.flatMap((item) =>
    item.children?.length ? [item.id, ...expandableIds(item.children, levels - 1)] : [],
  );
}

/** Keeps the items whose label contains `keyword`, together with their ancestors (search boxes). */
export function viewItemsMatching(items: readonly ViewItem[], keyword: string): ViewItem[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return [...items];
  const keep = (list: readonly ViewItem[]): ViewItem[] =>
    list.flatMap((item) => {
      if (item.label.toLowerCase().includes(word)) return [item];
      const children = keep(item.children ?? []);
      return children.length ? [{ ...item, children }] : [];
    });
  return keep(items);
}
