import { useState } from 'react';
import { type Identifier, type RaRecord, useListContext } from 'react-admin';

/**
 * Master/detail lists (roles → 菜单分配, dicts → 字典详情): the clicked row, highlighted. Pass
 * `rowClick` and `rowSx` to the <DataTable>; `selected` is read from the list data so the detail
 * panel follows refreshes (e.g. after saving). Call inside the <List>.
 */
export function useRowSelection<T extends RaRecord>() {
  const { data } = useListContext<T>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = (data ?? []).find((record) => record.id === selectedId) ?? null;
  const rowClick = (id: Identifier) => {
    setSelectedId(Number(id));
    return false as const;
  };
  const rowSx = (record: T) => (record.id === selectedId ? { backgroundColor: 'action.selected' } : {});
  return { selected, rowClick, rowSx };
}
