// The list's multi-selection: kept across pages, its rows kept fresh from the cache.
import { useCallback, useEffect, useState } from 'react';
import type { NewsRow } from '../types';

export function useSelection(rows: NewsRow[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, NewsRow>>(new Map());
  useEffect(() => {
    setSelected((prev) => {
      if (!prev.size || !rows.some((r) => prev.has(r.id) && prev.get(r.id) !== r)) return prev;
      const next = new Map(prev);
      for (const r of rows) if (next.has(r.id)) next.set(r.id, r);
      return next;
    });
  }, [rows]);
  const onCheck = useCallback((row: NewsRow, checked: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  }, []);
  const pageChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const pageSome = rows.some((r) => selected.has(r.id));
  const togglePage = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (checked) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  const clear = () => setSelected(new Map());
  /** Drops a row that left the list (deleted, marked as noise). */
  const drop = (id: number) =>
    setSelected((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  return { selected, onCheck, pageChecked, pageSome, togglePage, clear, drop };
}

export type Selection = ReturnType<typeof useSelection>;
