// The rules of the 新闻分类 screen that need no React: filtering the tree, which drops are allowed,
// and the PUT bodies of a move and of the enabled switch. The server checks the same rules
// (classify.service.ts); these only keep the screen from asking for what it would refuse.
import { subtreeIds } from '../shared/tree';
import { type ClassifyNode, NOISE_CODE, ROOT_ID } from './api';

export const isNoise = (node: Pick<ClassifyNode, 'code'>): boolean => node.code === NOISE_CODE;
export const isRoot = (node: Pick<ClassifyNode, 'id'>): boolean => node.id === ROOT_ID;
/** The noise class and the root stay where they are (no drag handle, no delete, no disable). */
export const isLocked = (node: ClassifyNode): boolean => isNoise(node) || isRoot(node);

export interface ClassifyFilter {
  /** Part of the name or the code (case-insensitive). */
  keyword: string;
  enabled: '' | 'true' | 'false';
}

export const emptyFilter: ClassifyFilter = { keyword: '', enabled: '' };

const matches = (node: ClassifyNode, { keyword, enabled }: ClassifyFilter): boolean => {
  const word = keyword.trim().toLowerCase();
  const text = !word || node.name.toLowerCase().includes(word) || (node.code ?? '').toLowerCase().includes(word);
  const state = enabled === '' || String(node.enabled) === enabled;
  return text && state;
};

/** The nodes that match, with their ancestors (so each stays in its place); nothing when none does. */
export function filterTree(nodes: readonly ClassifyNode[], filter: ClassifyFilter): ClassifyNode[] {
  if (!filter.keyword.trim() && filter.enabled === '') return [...nodes];
  const keep = (list: readonly ClassifyNode[]): ClassifyNode[] =>
    list.flatMap((node) => {
      const children = keep(node.children ?? []);
      if (matches(node, filter) || children.length > 0) return [{ ...node, children }];
      return [];
    });
  return keep(nodes);
}

/** Ids of every node that has children (a filtered tree is shown fully expanded). */
export function parentIds(nodes: readonly ClassifyNode[]): number[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.id, ...parentIds(node.children)] : []));
}

export type DropRefusal = 'self' | 'descendant' | 'noise' | 'locked' | 'same_parent';

/**
 * Why `dragged` may not be dropped onto `target` (to become its child), or null when it may: not onto
 * itself or a descendant (a cycle), not under the noise class (which stays a leaf), not the root or
 * the noise class itself, not where it already is.
 */
export function dropRefusal(tree: readonly ClassifyNode[], dragged: ClassifyNode, target: ClassifyNode): DropRefusal | null {
  if (isLocked(dragged)) return 'locked';
  if (dragged.id === target.id) return 'self';
  if (subtreeIds(tree, dragged.id).includes(target.id)) return 'descendant';
  if (isNoise(target)) return 'noise';
  if (dragged.pid === target.id) return 'same_parent';
  return null;
}

/** The full PUT body of `node` (the API replaces the record) with the given changes. */
export interface ClassifyPayload {
  id?: number;
  pid: number;
  name: string;
  code: string | null;
  seq: number;
  enabled: boolean;
}

export const toPayload = (node: ClassifyNode, changes: Partial<ClassifyPayload> = {}): ClassifyPayload & { id: number } => ({
  id: node.id,
  pid: node.pid ?? ROOT_ID,
  name: node.name,
  code: node.code ?? null,
  seq: node.seq,
  enabled: node.enabled,
  ...changes,
});

/** The PUT body of a drop: the node under its new parent. */
export const movePayload = (node: ClassifyNode, pid: number) => toPayload(node, { pid });

/** The PUT body of the list's enabled switch. */
export const withEnabled = (node: ClassifyNode, enabled: boolean) => toPayload(node, { enabled });
