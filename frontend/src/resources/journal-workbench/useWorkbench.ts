// The state of the journal workbench: the ids of the address, the journal with its columns
// (`GET api/productJournal/info`), the lookups (product, users, dictionaries), what the caller may
// do, and the open dialog.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useAppAbility } from '../../providers/ability';
import { useProductChoices, useSelectableUsers } from '../shared/production/choices';
import { workbenchAccess } from './access';
import { workbenchApi, workbenchKeys } from './api';
import { positiveId } from './format';
import type { JournalColumn, JournalManuscript, JournalVersion } from './types';

/** The dialog open over the page (one at a time). */
export type WorkbenchDialog =
  | { kind: 'pick' | 'upload'; column: JournalColumn }
  | { kind: 'versions' | 'edit'; row: JournalManuscript }
  | { kind: 'journalVersions' | 'provide' | 'daily' }
  | { kind: 'generated'; version: JournalVersion }
  | null;

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
    dialog,
    setDialog,
    close: () => setDialog(null),
    reload,
  };
}

export type Workbench = ReturnType<typeof useWorkbench>;
