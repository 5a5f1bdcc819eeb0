// The state of the journal workbench: the ids of the address, the journal with its columns
// (`GET api/productJournal/info`), the lookups (product, users, dictionaries), what the caller may
// do, and the open dialog; online editing: whether 在线编辑 is offered (`GET api/office/config`) and
// the reload when an editor window closes (docs/office-design.md §4.9, spec §4: "after closing an
// online editor the changed file is saved back and the journal reloaded").
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useAppAbility } from '../../providers/ability';
import { useProductChoices, useSelectableUsers } from '../shared/production/choices';
import { workbenchAccess } from './access';
import { OFFICE_CHANNEL, workbenchApi, workbenchKeys } from './api';
import { positiveId } from './format';
import type { JournalColumn, JournalManuscript, JournalVersion, OfficeClosedMessage } from './types';

/** The dialog open over the page (one at a time). */
export type WorkbenchDialog =
  | { kind: 'pick' | 'upload'; column: JournalColumn }
  | { kind: 'versions' | 'edit'; row: JournalManuscript }
  | { kind: 'journalVersions' | 'provide' | 'daily' }
  | { kind: 'generated'; version: JournalVersion }
  | null;

/** Whether 在线编辑 is offered: the configured editor is connected (`enabled`), not `none`. Off while unknown or on an error. */
export function useOnlineEdit(): boolean {
  const config = useQuery({ queryKey: workbenchKeys.officeConfig, queryFn: ({ signal }) => workbenchApi.officeConfig(signal), staleTime: 5 * 60_000, retry: false });
  return config.data?.enabled === true && config.data.editor !== 'none';
}

/**
 * A document server (ONLYOFFICE, Collabora) saves after its editor left: a window closed by the
 * browser, or one that gave up waiting (60 s), announces `savedVersion: null` before the new version
 * exists. The journal reloads now and again this long after (docs/office-design.md §4.8, §4.9).
 */
export const LATE_SAVE_RELOADS_MS = [15_000, 45_000] as const;

const isClosed = (data: unknown): data is OfficeClosedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'office-closed';

/**
 * `onClosed(message)` for every `office-closed` the editor page posts on `BroadcastChannel('horizon-office')`
 * (nothing where the browser has no BroadcastChannel: the window-focus refetch covers it).
 */
export function useOfficeClosed(onClosed: (message: OfficeClosedMessage) => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(OFFICE_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (isClosed(event.data)) onClosed(event.data);
    };
    return () => channel.close();
  }, [onClosed]);
}

export function useWorkbench() {
  const [search] = useSearchParams();
  const journalId = positiveId(search.get('journalId'));
  const queryProductId = positiveId(search.get('productId'));
  const ability = useAppAbility();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const info = useQuery({
    queryKey: workbenchKeys.info(journalId ?? 0),
    queryFn: ({ signal }) => workbenchApi.info(journalId as number, signal),
    enabled: journalId !== null,
    staleTime: 0,
    // an editor window saved meanwhile (or another user did): back on the page, the journal reloads
    refetchOnWindowFocus: true,
  });
  // an expired session ends as everywhere else; other errors show on the page with 重试
  useEffect(() => {
    if (info.error instanceof HttpError && (info.error.status === 401 || info.error.status === 403)) void logoutIfAccessDenied(info.error);
  }, [info.error, logoutIfAccessDenied]);

  const users = useSelectableUsers();
  const products = useProductChoices();
  const dicts = useQuery({ queryKey: workbenchKeys.dicts, queryFn: ({ signal }) => workbenchApi.dicts(signal), staleTime: 5 * 60_000, retry: false });

  const journal = info.data;
  const productId = journal?.productId ?? journal?.product?.id ?? queryProductId;
  const product = products.data?.find((candidate) => candidate.id === productId);
  const weekly = Boolean(product?.isWeekly);
  const access = workbenchAccess(ability, journal);
  const columns = journal?.columns ?? [];
  const versions = journal?.files ?? [];

  const [dialog, setDialog] = useState<WorkbenchDialog>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: workbenchKeys.info(journalId ?? 0) });
  const onlineEdit = useOnlineEdit();
  // the late reloads after a document server's editor closed without a known save (cleared on unmount)
  const lateReloads = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = lateReloads.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  // an editor window of this journal (or one of its copies) closed: its save is a new version
  const onOfficeClosed = useCallback(
    (message: OfficeClosedMessage) => {
      if (journalId === null || message.journalId !== journalId) return;
      const refresh = () => {
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.info(journalId) });
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.journalVersions(journalId) });
        if (message.kind === 'copy') void queryClient.invalidateQueries({ queryKey: workbenchKeys.versions(message.id) });
        void queryClient.invalidateQueries({ queryKey: workbenchKeys.officeVersionsAll });
      };
      refresh();
      // no `editor` (an older editor page) counts as a document server
      if (message.savedVersion !== null || message.editor === 'builtin') return;
      for (const delay of LATE_SAVE_RELOADS_MS) {
        const timer = setTimeout(() => {
          lateReloads.current.delete(timer);
          refresh();
        }, delay);
        lateReloads.current.add(timer);
      }
    },
    [journalId, queryClient],
  );
  useOfficeClosed(onOfficeClosed);

  return {
    journalId,
    productId,
    info,
    journal,
    product,
    weekly,
    access,
    columns,
    versions,
    users: users.data,
    dicts: dicts.data,
    /** 在线编辑 is offered (the configured editor is connected). */
    onlineEdit,
    dialog,
    setDialog,
    close: () => setDialog(null),
    reload,
  };
}

export type Workbench = ReturnType<typeof useWorkbench>;
