// The workbench's writes from the page (the dialogs own theirs): order a column, tick a copy for
// the weekly, delete a copy, move the journal's state, generate, download the zips, sync dailies.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiErrorHandler, useApiMutation, useNotifyText } from '../shared/hooks';
import { openPath, workbenchApi, workbenchKeys } from './api';
import { withOrder } from './format';
import type { JournalManuscript, JournalStatus, WorkbenchInfo } from './types';
import { useWorkbenchText } from './useWorkbenchText';
import type { Workbench } from './useWorkbench';

export type ZipKind = 'source' | 'all' | 'weekly';

const STATUS_NOTICE = { submit: 'header.submit_ok', done: 'header.done_ok', review: 'header.review_ok' } as const;

export function useWorkbenchActions(wb: Workbench) {
  const t = useWorkbenchText();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const journalId = wb.journalId ?? 0;
  const key = workbenchKeys.info(journalId);
  const patch = (change: (info: WorkbenchInfo) => WorkbenchInfo) => queryClient.setQueryData<WorkbenchInfo>(key, (info) => (info ? change(info) : info));
  const reloadAfterFailure = (error: unknown) => {
    onError(error);
    void wb.reload();
  };

  /** A drop: shown at once, saved (稿件顺序保存成功); a refusal (409 order changed) reloads. */
  const saveSort = useMutation({
    mutationFn: ({ columnId, ids }: { columnId: number; ids: number[] }) => workbenchApi.saveSort({ journalId, columnId, ids }),
    onMutate: async ({ columnId, ids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      patch((info) => ({ ...info, columns: withOrder(info.columns, columnId, ids) }));
    },
    onSuccess: () => notifyText(t('sort.saved')),
    onError: reloadAfterFailure,
  });

  /** The weekly's checkbox; on failure the list is reloaded (spec §4). */
  const check = useMutation({
    mutationFn: ({ row, isCheck }: { row: JournalManuscript; isCheck: boolean }) => workbenchApi.changeCheck(row.id, isCheck),
    onMutate: ({ row, isCheck }) =>
      patch((info) => ({
        ...info,
        columns: info.columns.map((column) => ({ ...column, manuList: column.manuList.map((copy) => (copy.id === row.id ? { ...copy, isCheck } : copy)) })),
      })),
    onError: reloadAfterFailure,
  });

  /** 标记已审 / 取消已审: reviewed copies are shown in a distinct style (spec §2). */
  const examine = useMutation({
    mutationFn: ({ row, isExamine }: { row: JournalManuscript; isExamine: boolean }) => workbenchApi.setExamine(row.id, isExamine),
    onMutate: ({ row, isExamine }) =>
      patch((info) => ({
        ...info,
        columns: info.columns.map((column) => ({ ...column, manuList: column.manuList.map((copy) => (copy.id === row.id ? { ...copy, isExamine } : copy)) })),
      })),
    onError: reloadAfterFailure,
  });

  const excel = useMutation({ mutationFn: (fileName: string) => workbenchApi.excel(journalId, fileName), onError });

  const remove = useApiMutation((row: JournalManuscript) => workbenchApi.remove([row.id]), { successMessage: t('row.deleted') });

  const moveStatus = useApiMutation((status: JournalStatus) => workbenchApi.updateStatus(journalId, status), {
    successMessage: (status) => t(STATUS_NOTICE[status as keyof typeof STATUS_NOTICE] ?? 'header.submit_ok'),
  });

  /** 生成期刊: a new version; its download link opens in a dialog. */
  const generate = useApiMutation(() => workbenchApi.generate(journalId), {
    onSuccess: (version) => wb.setDialog({ kind: 'generated', version }),
  });

  const zip = useMutation({
    mutationFn: (kind: ZipKind) => (kind === 'weekly' ? workbenchApi.zipForWeekly(journalId) : workbenchApi.zip(journalId, kind === 'source')),
    onSuccess: (path) => openPath(path),
    onError,
  });

  /** 同步日刊: copies of the chosen dailies into this weekly. */
  const pushDaily = useApiMutation((dailyIds: number[]) => workbenchApi.pushDailyToWeekly(journalId, dailyIds), {
    successMessage: undefined,
    onSuccess: (answer) => {
      notifyText(t('header.synced', { count: answer?.count ?? 0 }));
      wb.close();
    },
  });

  return { saveSort, check, examine, excel, remove, moveStatus, generate, zip, pushDaily };
}

export type WorkbenchActions = ReturnType<typeof useWorkbenchActions>;
