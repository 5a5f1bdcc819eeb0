import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  buildTree,
  expandableIds,
  findViewItem,
  flattenTree,
  pruneTree,
  subtreeIds,
  toggleChecked,
  toViewItems,
  viewItemsMatching,
} from './tree';

interface Node {
  id: number;
  pid: number | null;
  name: string;
  children?: Node[] | null;
}

const flat: Node[] = [
  { id: 1, pid: null, name: '总部' },
  { id: 2, pid: 1, name: '研发部' },
  { id: 3, pid: 2, name: '前端组' },
  { id: 4, pid: 1, name: '市场部' },
  { id: 5, pid: null, name: '分公司' },
  { id: 6, pid: 99, name: '孤儿' },
];

const tree = buildTree(flat);

describe('buildTree', () => {
  it('nests by pid in input order; missing parents make roots', () => {
    expect(tree.map((n) => n.id)).toEqual([1, 5, 6]);
    expect(tree[0].children.map((n) => n.id)).toEqual([2, 4]);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual([3]);
    expect(tree[1].children).toEqual([]);
  });

  it('does not mutate the input', () => {
    expect(flat[0]).not.toHaveProperty('children');
  });

  it('treats a self-parent as a root', () => {
    expect(buildTree([{ id: 7, pid: 7 }]).map((n) => n.id)).toEqual([7]);
  });
});

describe('walking', () => {
  it('flattens depth-first with depths', () => {
    expect(flattenTree(tree).map(({ node, depth }) => `${node.id}@${depth}`)).toEqual(['1@0', '2@1', '3@2', '4@1', '5@0', '6@0']);
  });

  it('lists a subtree and the ancestors', () => {
    expect(subtreeIds(tree, 2)).toEqual([2, 3]);
    expect(subtreeIds(tree, 1)).toEqual([1, 2, 3, 4]);
    expect(subtreeIds(tree, 42)).toEqual([]);
    expect(ancestorIds(tree, 3)).toEqual([1, 2]);
    expect(ancestorIds(tree, 1)).toEqual([]);
    expect(ancestorIds(tree, 42)).toEqual([]);
  });
});

describe('pruneTree', () => {
  it('removes a node with its subtree (no self or descendant as parent)', () => {
    const pruned = pruneTree(tree, 2);
    expect(flattenTree(pruned).map(({ node }) => node.id)).toEqual([1, 4, 5, 6]);
    expect(flattenTree(tree)).toHaveLength(6);
  });

  it('also drops nodes matching a predicate', () => {
    const pruned = pruneTree(tree, null, (n) => n.pid === 1);
    expect(flattenTree(pruned).map(({ node }) => node.id)).toEqual([1, 5, 6]);
  });
});

describe('toggleChecked (role menus)', () => {
  it('checking a parent checks its subtree and its ancestors', () => {
    expect(toggleChecked(tree, [], 2, true)).toEqual([1, 2, 3]);
    expect(toggleChecked(tree, [5], 1, true)).toEqual([1, 2, 3, 4, 5]);
  });

  it('unchecking removes the subtree but keeps the ancestors', () => {
    expect(toggleChecked(tree, [1, 2, 3, 4], 2, false)).toEqual([1, 4]);
    expect(toggleChecked(tree, [1, 2, 3, 4], 1, false)).toEqual([]);
  });

  it('checking a leaf adds only the leaf and its path', () => {
    expect(toggleChecked(tree, [], 4, true)).toEqual([1, 4]);
  });
});

describe('view items', () => {
  const items = toViewItems(tree, (n) => n.name);

  it('uses string ids and omits empty children', () => {
    expect(items[0]).toMatchObject({ id: '1', label: '总部' });
    expect(items[1]).toEqual({ id: '5', label: '分公司' });
    expect(findViewItem(items, '3')?.label).toBe('前端组');
    expect(findViewItem(items, '42')).toBeUndefined();
  });

  it('expands the requested number of levels', () => {
    expect(expandableIds(items, 1)).toEqual(['1']);
    expect(expandableIds(items, 2)).toEqual(['1', '2']);
    expect(expandableIds(items, 0)).toEqual([]);
  });

  it('search keeps matches with their ancestors', () => {
    const hits = viewItemsMatching(items, '前端');
    expect(hits).toHaveLength(1);
    expect(hits[0].id).toBe('1');
    expect(hits[0].children?.map((c) => c.id)).toEqual(['2']);
    expect(hits[0].children?.[0].children?.map((c) => c.id)).toEqual(['3']);
    expect(viewItemsMatching(items, '  ')).toHaveLength(3);
    expect(viewItemsMatching(items, '不存在')).toEqual([]);
  });
});
