import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  type RaRecord,
  useDelete,
  useDeleteMany,
  useListContext,
  useRefresh,
  useResourceContext,
  useUnselect,
} from 'react-admin';
import { useCan } from './access';
import { ConfirmButton } from './ConfirmButton';
import { useNotifyError, useNotifyText } from './hooks';
import { deleteConfirmText, MESSAGES } from './text';

/** Row delete (icon) with `确认删除选中的 1 条数据?`; hidden without the delete permission. */
export function DeleteRowButton({ record, resource }: { record: RaRecord; resource?: string }) {
  const fromContext = useResourceContext();
  const target = resource ?? fromContext ?? '';
  const allowed = useCan('delete', target);
  const [remove, { isPending }] = useDelete();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const unselect = useUnselect(target);
  if (!allowed) return null;
  return (
    <ConfirmButton
      label="删除"
      color="error"
      icon={<DeleteIcon fontSize="small" />}
      content={deleteConfirmText(1)}
      loading={isPending}
      onConfirm={() =>
        remove(
          target,
          { id: record.id, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notifyText(MESSAGES.deleted);
              unselect([record.id]);
              refresh();
            },
            onError: notifyError,
          },
        )
      }
    />
  );
}

/** Deletes the selected rows of the list in one `DELETE apiPath [ids]`. */
export function BulkDeleteButton() {
  const { selectedIds, onUnselectItems, resource } = useListContext();
  const allowed = useCan('delete', resource);
  const [removeMany, { isPending }] = useDeleteMany();
  const notifyText = useNotifyText();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  if (!allowed || selectedIds.length === 0) return null;
  return (
    <ConfirmButton
      variant="text"
      label="删除"
      color="error"
      icon={<DeleteIcon />}
      content={deleteConfirmText(selectedIds.length)}
      loading={isPending}
      onConfirm={() =>
        removeMany(
          resource,
          { ids: selectedIds },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notifyText(MESSAGES.deleted);
              onUnselectItems();
              refresh();
            },
            onError: notifyError,
          },
        )
      }
    />
  );
}
