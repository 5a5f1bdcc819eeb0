import { useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { errorMessage, useNotifyText } from '../../resources/shared/hooks';
import { type ReportFormat, statisticsApi } from './api';
import { type Period, periodProblem, presetPeriod } from './period';

export type ReportOutcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; paths: Record<ReportFormat, string> }
  | { kind: 'failed'; message: string };

/**
 * 统计报告: a product and a period → the xlsx and the .docx summary of `generateStatistic` (both
 * generated at once), with a toast on success and on failure (spec production-admin §8: 生成失败，请重试).
 */
export function useReport(failedText: string, successText: string) {
  const notify = useNotifyText();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [productId, setProductId] = useState<number | null>(null);
  const [period, setPeriodState] = useState<Period>(() => presetPeriod('month', new Date()));
  const [outcome, setOutcome] = useState<ReportOutcome>({ kind: 'idle' });
  const busy = outcome.kind === 'busy';
  const problem = periodProblem(period);

  const reset = () => {
    if (!busy) setOutcome({ kind: 'idle' });
  };
  const setPeriod = (next: Period) => {
    setPeriodState(next);
    reset();
  };
  const setProduct = (next: number | null) => {
    setProductId(next);
    reset();
  };

  const generate = async () => {
    if (busy || problem || productId === null) return;
    setOutcome({ kind: 'busy' });
    try {
      const [xlsx, docx] = await Promise.all([statisticsApi.report(productId, period, 'xlsx'), statisticsApi.report(productId, period, 'docx')]);
      setOutcome({ kind: 'done', paths: { xlsx, docx } });
      notify(successText);
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error).catch(() => false);
      if (loggedOut) return;
      setOutcome({ kind: 'failed', message: errorMessage(error) });
      notify(failedText, 'error');
    }
  };

  return { productId, setProduct, period, setPeriod, outcome, busy, problem, generate };
}

/** The file name at the end of a file path (`/files/<capability>/<name>`). */
export function pathFileName(path: string): string {
  const last = path.split('?')[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
