import { type ReactNode, useState } from 'react';
import { List, type ListProps, type RaRecord } from 'react-admin';
import { DEFAULT_PAGE_SIZE, ListPagination, ListToolbar } from './ListParts';

/** A react-admin <List> with the admin defaults: 20 a page, the shared pager, no empty page. */
export function AdminList<T extends RaRecord>(props: ListProps<T>) {
  return <List<T> perPage={DEFAULT_PAGE_SIZE} pagination={<ListPagination />} empty={false} {...props} />;
}

export interface DialogState<T> {
  open: boolean;
  /** The row being edited, `null` for a new record. */
  record: T | null;
  onClose: () => void;
}

export interface DialogListProps<T extends RaRecord> extends Omit<ListProps<T>, 'actions' | 'children'> {
  /** 导出 through `GET {exportPath}/download` (see ListToolbar). */
  exportPath?: string;
  exportTitle?: string;
  /** Extra toolbar buttons after 新增 and 导出. */
  toolbar?: ReactNode;
  /** The create/edit dialog, rendered after the list. */
  dialog: (state: DialogState<T>) => ReactNode;
  /** The list body; `onEdit(record)` opens the dialog on that row. */
  children: (onEdit: (record: T) => void) => ReactNode;
}

/** An admin list whose 新增 and row 编辑 open one create/edit dialog. */
export function DialogList<T extends RaRecord>({ exportPath, exportTitle, toolbar, dialog, children, ...listProps }: DialogListProps<T>) {
  const [state, setState] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const onClose = () => setState((d) => ({ ...d, open: false }));
  return (
    <>
      <AdminList<T>
        {...listProps}
        actions={
          <ListToolbar onCreate={() => setState({ open: true, record: null })} exportPath={exportPath} exportTitle={exportTitle}>
            {toolbar}
          </ListToolbar>
        }
      >
        {children((record) => setState({ open: true, record }))}
      </AdminList>
      {dialog({ open: state.open, record: state.record, onClose })}
    </>
  );
}
