// State of the 新闻分类 screen: the tree query, the client-side search, the expanded rows, the drag
// that re-parents (asked for confirmation, then one PUT) and the delete of a row.
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDelete, useRefresh, useUpdate } from 'react-admin';
import { useDebouncedValue, useNotifyError, useNotifyText } from '../shared/hooks';
import { MESSAGES } from '../shared/text';
import { findNode } from '../shared/tree';
import { CLASSIFY_RESOURCE, type ClassifyNode, classifyApi, classifyKeys } from './api';
import { type ClassifyFilter, dropRefusal, emptyFilter, filterTree, movePayload, parentIds } from './classifyTree';
import { useClassifyText } from './useClassifyText';

export interface ClassifyRowView {
  node: ClassifyNode;
  depth: number;
  expanded: boolean;
}

/** The rows on screen, parents before their children, down the expanded branches. */
export function visibleRows(nodes: readonly ClassifyNode[], expanded: ReadonlySet<number>, depth = 0): ClassifyRowView[] {
  return nodes.flatMap((node) => {
    const open = expanded.has(node.id);
    const row: ClassifyRowView = { node, depth, expanded: open };
    return open && node.children?.length ? [row, ...visibleRows(node.children, expanded, depth + 1)] : [row];
  });
}

export interface PendingMove {
  node: ClassifyNode;
  target: ClassifyNode;
}

export function useClassifyTree() {
  const t = useClassifyText();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const query = useQuery({ queryKey: classifyKeys.tree, queryFn: classifyApi.tree });
  const tree = useMemo(() => query.data ?? [], [query.data]);

  const [filter, setFilter] = useState<ClassifyFilter>(emptyFilter);
  const keyword = useDebouncedValue(filter.keyword, 300);
  const active = keyword.trim() !== '' || filter.enabled !== '';
  const shown = useMemo(() => filterTree(tree, { keyword, enabled: filter.enabled }), [tree, keyword, filter.enabled]);

  // the rows the user folded; everything else is open (and everything while searching)
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(() => {
    const all = parentIds(shown);
    return new Set(active ? all : all.filter((id) => !collapsed.has(id)));
  }, [shown, collapsed, active]);
  const rows = useMemo(() => visibleRows(shown, expanded), [shown, expanded]);

  const toggle = useCallback((id: number) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const expandAll = useCallback(() => setCollapsed(new Set()), []);
  const collapseAll = useCallback(() => setCollapsed(new Set(parentIds(tree).filter((id) => id !== tree[0]?.id))), [tree]);

  const [pending, setPending] = useState<PendingMove | null>(null);
  const [update, { isPending: moving }] = useUpdate();

  /** A drop of row `draggedId` onto row `targetId`: refused with a notice, or asked for confirmation. */
  const drop = useCallback(
    (draggedId: number, targetId: number) => {
      const node = findNode(tree, draggedId);
      const target = findNode(tree, targetId);
      if (!node || !target) return;
      const refusal = dropRefusal(tree, node, target);
      if (refusal) notifyText(t(`move.refused.${refusal}`, { name: node.name, target: target.name }), 'warning');
      else setPending({ node, target });
    },
    [tree, notifyText, t],
  );

  const confirmMove = useCallback(() => {
    if (!pending) return;
    const { node, target } = pending;
    setPending(null);
    update(
      CLASSIFY_RESOURCE,
      { id: node.id, data: movePayload(node, target.id), previousData: node },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notifyText(t('move.moved', { name: node.name, target: target.name }));
          setCollapsed((prev) => new Set([...prev].filter((id) => id !== target.id)));
          refresh();
        },
        onError: notifyError,
      },
    );
  }, [pending, update, notifyText, notifyError, refresh, t]);

  const [remove, { isPending: deleting }] = useDelete();
  const deleteNode = useCallback(
    (node: ClassifyNode) =>
      remove(
        CLASSIFY_RESOURCE,
        { id: node.id, previousData: node },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notifyText(MESSAGES.deleted);
            refresh();
          },
          onError: notifyError,
        },
      ),
    [remove, notifyText, notifyError, refresh],
  );

  return {
    query,
    tree,
    rows,
    filter,
    setFilter,
    filtered: active,
    toggle,
    expandAll,
    collapseAll,
    drop,
    pending,
    confirmMove,
    cancelMove: () => setPending(null),
    moving,
    deleteNode,
    deleting,
  };
}

export type ClassifyTreeState = ReturnType<typeof useClassifyTree>;
