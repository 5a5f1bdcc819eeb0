// The logic of 版本历史: the department's versions (loaded while the dialog is open), the pair picked
// for a comparison (defaulting on every load) and what is shown below the table.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { translationApi, translationKeys, type TranslationVersion } from '../api';
import { useTransText } from '../useTransText';

/** `to` of a comparison: a version number, or the current draft. */
export type Target = number | 'draft';

export type View = { kind: 'diff'; from: number; to: Target } | { kind: 'text'; version: TranslationVersion } | null;

/** The default comparison: newest version vs the draft, or the two newest versions. */
export function defaultPair(versions: readonly TranslationVersion[], hasDraft: boolean): { from: number; to: Target } | null {
  if (!versions.length) return null;
  if (hasDraft) return { from: versions[0].version, to: 'draft' };
  if (versions.length < 2) return null;
  return { from: versions[1].version, to: versions[0].version };
}

export type VersionHistory = ReturnType<typeof useVersionHistory>;

export function useVersionHistory({ open, newsId, deptId, hasDraft }: { open: boolean; newsId: number; deptId: number | undefined; hasDraft: boolean }) {
  const t = useTransText();
  const { data: versions, isPending, error, refetch } = useQuery({
    queryKey: translationKeys.versions(newsId, deptId),
    queryFn: () => translationApi.versions(newsId, deptId),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<Target | null>(null);
  const [view, setView] = useState<View>(null);

  // defaults each time the list (re)loads
  useEffect(() => {
    if (!open || !versions) return;
    const pair = defaultPair(versions, hasDraft);
    setFrom(pair?.from ?? versions[0]?.version ?? null);
    setTo(pair?.to ?? null);
  }, [open, versions, hasDraft]);

  useEffect(() => {
    if (!open) setView(null);
  }, [open]);

  const list = versions ?? [];
  const label = (v: Target) => (v === 'draft' ? t('history.current') : t('history.version_n', { version: v }));
  const canCompare = from !== null && to !== null && from !== to;
  const enough = list.length >= 2 || (hasDraft && list.length >= 1);

  return { t, list, isPending, error, refetch, from, setFrom, to, setTo, view, setView, label, canCompare, enough, hasDraft };
}
