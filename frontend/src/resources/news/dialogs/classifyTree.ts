// The classification tree of the edit dialogs (`GET api/NewsClassify/listWithout`: the enabled
// classes without the noise class, under the root 全部 / 9999). Only leaves can be chosen.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import type { ClassifyNode } from '../api';

export const CLASSIFY_ROOT_ID = 9999;

export type { ClassifyNode };

/** Item of the RichTreeView: string ids; `selectable` only for leaves. */
export interface ClassifyViewItem {
  id: string;
  label: string;
  selectable: boolean;
  children?: ClassifyViewItem[];
}

const childrenOf = (node: ClassifyNode): ClassifyNode[] => node.children ?? [];

/** The root's children when the answer is the one root 全部, else the answer itself. */
export function withoutRoot(nodes: readonly ClassifyNode[]): ClassifyNode[] {
  return nodes.length === 1 && nodes[0].id === CLASSIFY_ROOT_ID ? childrenOf(nodes[0]) : [...nodes];
}

export function toClassifyViewItems(nodes: readonly ClassifyNode[]): ClassifyViewItem[] {
  return nodes.map((node) => {
    const children = childrenOf(node);
    const item: ClassifyViewItem = { id: String(node.id), label: node.name ?? node.label ?? String(node.id), selectable: children.length === 0 };
    if (children.length) item.children = toClassifyViewItems(children);
    return item;
  });
}

/** id → name of every node. */
export function classifyNameMap(nodes: readonly ClassifyNode[]): Map<number, string> {
  const names = new Map<number, string>();
  const walk = (list: readonly ClassifyNode[]) => {
    for (const node of list) {
      names.set(node.id, node.name ?? node.label ?? String(node.id));
      walk(childrenOf(node));
    }
  };
  walk(nodes);
  return names;
}

/** Ids of the leaves (the only classes an item can have). */
export function leafIds(nodes: readonly ClassifyNode[]): Set<number> {
  const leaves = new Set<number>();
  const walk = (list: readonly ClassifyNode[]) => {
    for (const node of list) {
      const children = childrenOf(node);
      if (children.length) walk(children);
      else leaves.add(node.id);
    }
  };
  walk(nodes);
  return leaves;
}

/** Names of `ids` in order: from the tree, else from the row's own names (same order), else `#id`. */
export function classifyNames(ids: readonly number[], names: ReadonlyMap<number, string>, known?: { ids: readonly number[]; names: readonly string[] }): string[] {
  return ids.map((id) => {
    const fromTree = names.get(id);
    if (fromTree) return fromTree;
    const at = known ? known.ids.indexOf(id) : -1;
    return at >= 0 && known?.names[at] ? known.names[at] : `#${id}`;
  });
}

/**
 * The selection after the tree reported `treeIds` (the selected items it shows): the ids the tree
 * does not show (a disabled class) are kept, the earlier order is kept and new ones come last.
 */
export function mergeTreeSelection(current: readonly number[], treeIds: readonly string[], shown: ReadonlySet<number>): number[] {
  const picked = new Set(treeIds.map(Number));
  const kept = current.filter((id) => !shown.has(id) || picked.has(id));
  const added = [...picked].filter((id) => !kept.includes(id));
  return [...kept, ...added];
}

/** Ids of the nodes with children on the way to the `ids` (to show the chosen leaves expanded). */
export function ancestorsOf(nodes: readonly ClassifyNode[], ids: readonly number[]): string[] {
  const wanted = new Set(ids);
  const out = new Set<string>();
  const walk = (list: readonly ClassifyNode[], path: number[]) => {
    for (const node of list) {
      if (wanted.has(node.id)) for (const p of path) out.add(String(p));
      walk(childrenOf(node), [...path, node.id]);
    }
  };
  walk(nodes, []);
  return [...out];
}

export const classifyTreeKey = ['horizon', 'newsClassify', 'tree', 'withoutNoise', 'enabled'] as const;

/** The tree below 全部 (read when a dialog opens, then cached for the session by react-query). */
export function useClassifyTree(enabled = true) {
  const dataProvider = useDataProvider<HorizonDataProvider>();
  return useQuery({
    queryKey: classifyTreeKey,
    queryFn: async () => withoutRoot((await dataProvider.call<ClassifyNode[]>('api/NewsClassify/listWithout?enabled=true')).data ?? []),
    enabled,
    staleTime: 5 * 60_000,
  });
}
