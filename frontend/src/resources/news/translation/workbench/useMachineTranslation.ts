// The machine translation of the workbench: what `info` says, polled while it runs, and "translate now".
import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApiErrorHandler, useNotifyText } from '../../../shared/hooks';
import { newsKeys } from '../../api';
import { errorCode, type MachineTranslation, type MtStatus, TRANSLATION_CODES, translationApi, translationKeys, type WorkbenchInfo } from '../api';
import { mtInProgress } from '../workflow';

/** Spec: the machine translation is polled every 5 s while it runs. */
export const MT_POLL_MS = 5000;

interface MtView {
  contentCn: string | null;
  mtStatus: MtStatus;
  mtError: string | null;
}

export type MachineTranslationView = ReturnType<typeof useMachineTranslation>;

/** The machine translation: what `info` says, polled while it runs, and "translate now" (doTranslate). */
export function useMachineTranslation(info: WorkbenchInfo, infoDeptId: number | undefined) {
  const queryClient = useQueryClient();
  const onError = useApiErrorHandler();
  const notifyText = useNotifyText();
  const [mt, setMt] = useState<MtView>({ contentCn: info.contentCn, mtStatus: info.mtStatus ?? null, mtError: info.mtError ?? null });
  const [rejected, setRejected] = useState(false);
  const [running, setRunning] = useState(false);
  const settings = useQuery({ queryKey: translationKeys.settings, queryFn: translationApi.settings, staleTime: Infinity, retry: false });
  // settings.mt missing (older server) = unknown, not "not configured"
  const notConfigured = rejected || settings.data?.mt?.configured === false;
  const polling = !mt.contentCn?.trim() && mtInProgress(mt.mtStatus);

  const accept = useCallback(
    (next: Pick<MachineTranslation, 'contentCn' | 'mtStatus' | 'mtError'> & { titleCn?: string | null }) => {
      const status: MtStatus = next.mtStatus ?? (next.contentCn?.trim() ? 'done' : null);
      setMt({ contentCn: next.contentCn, mtStatus: status, mtError: next.mtError ?? null });
      if (next.contentCn?.trim()) {
        queryClient.setQueryData<WorkbenchInfo>(newsKeys.info(info.id), (old) =>
          old ? { ...old, contentCn: next.contentCn, titleCn: next.titleCn ?? old.titleCn, mtStatus: status, mtError: next.mtError ?? null } : old,
        );
      }
    },
    [queryClient, info.id],
  );

  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let inFlight = false;
    const timer = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      translationApi
        .info(info.id, infoDeptId)
        .then((next) => {
          if (!stopped) accept({ contentCn: next.contentCn, titleCn: next.titleCn, mtStatus: next.mtStatus ?? null, mtError: next.mtError ?? null });
        })
        // a failed poll is retried at the next tick
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, MT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [polling, info.id, infoDeptId, accept]);

  const run = useCallback(
    async (doneText: string) => {
      setRunning(true);
      try {
        const next = await translationApi.machineTranslate(info.id);
        accept(next);
        if (next.contentCn?.trim()) notifyText(doneText);
      } catch (error) {
        // "not configured" and an engine failure are said once, in the 机器翻译 pane: no toast on top
        const code = errorCode(error);
        if (code === TRANSLATION_CODES.mtNotConfigured) setRejected(true);
        else if (code === TRANSLATION_CODES.mtFailed) setMt((m) => ({ ...m, mtStatus: 'failed', mtError: errorMessage(error) }));
        else onError(error);
      } finally {
        setRunning(false);
      }
    },
    [info.id, accept, notifyText, onError],
  );

  return { mt, polling, notConfigured, running, run };
}
