// The translation workbench (/pro/news/detailFull/{id}, and the detail page with ?trans=true): the
// original on the left, 机器翻译 / 人工翻译 on the right scrolling with it, the department's
// translation state in the header and the workflow buttons (spec §4): 我要翻译, 保存 (Ctrl+S / ⌘S),
// 提交审核, 释放, 审核 / 重新审核 (only after the 人工翻译 tab was shown), 版本历史, 下载 Word; the
// department's Chinese title above the editor, saved with the text. Opened through a list row's 审核
// (`&review=true`) it shows the 人工翻译 tab first, with a banner carrying the 审核 button.
// Loaded on demand (React.lazy in NewsDetailPage): TipTap travels in this chunk only.
import { useCallback, useEffect, useRef, useState } from 'react';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockOpen from '@mui/icons-material/LockOpen';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Send from '@mui/icons-material/Send';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Link,
  Paper,
  Skeleton,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, HttpError, useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { HorizonIdentity } from '../../../providers/authProvider';
import { subscribeLive } from '../../../providers/liveBus';
import { horizon, line } from '../../../theme/theme';
import { apiDownload, saveBlob } from '../../api';
import { errorMessage, useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../../shared/hooks';
import type { NewsUser } from '../access';
import { newsKeys } from '../api';
import { NewsText, TextEmpty } from '../NewsText';
import type { NewsInfo } from '../types';
import { useFillHeight } from '../useFillHeight';
import { markListsStale, patchNewsInCache } from '../useNewsActions';
import {
  errorCode,
  MAX_TITLE_CN,
  type MachineTranslation,
  type MtStatus,
  TRANSLATION_CODES,
  translationApi,
  translationKeys,
  type TranslationState,
  type WorkbenchInfo,
} from './api';
import { RichTextEditor, type RichTextHandle } from './RichTextEditor';
import { useSyncScroll } from './useSyncScroll';
import { type TransT, useTransText } from './useTransText';
import { VersionHistoryDialog } from './VersionHistoryDialog';
import { type DeptRef, isSaveShortcut, mtInProgress, statusColor, statusKey, workbenchActions, workDeptId } from './workflow';

/** Spec: the machine translation is polled every 5 s while it runs. */
export const MT_POLL_MS = 5000;

export interface TranslationWorkbenchProps {
  /** The item (`api/news/info`) as the detail page loaded it. */
  info: NewsInfo;
  user: NewsUser;
  /**
   * Opened to review (a list row's 审核, `&review=true`): the 人工翻译 tab is shown first, which is
   * the spec's "view the manual translation before reviewing" (the reviewer has the text in front
   * of them). Any other entry starts on 机器翻译 and 审核 warns until 人工翻译 is opened.
   */
  reviewEntry?: boolean;
}

type PaneTab = 'machine' | 'manual';
type Busy = 'claim' | 'save' | 'submit' | 'release' | 'review' | null;
type Asking = 'claim' | 'submit' | 'release' | null;

const UNTRANSLATED = { transStatus: null, editorId: null, editorName: null } as const;

interface MtView {
  contentCn: string | null;
  mtStatus: MtStatus;
  mtError: string | null;
}

/** The machine translation: what `info` says, polled while it runs, and "translate now" (doTranslate). */
function useMachineTranslation(info: WorkbenchInfo, infoDeptId: number | undefined) {
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

function MachinePane({ machine, canRun, t }: { machine: ReturnType<typeof useMachineTranslation>; canRun: boolean; t: TransT }) {
  const { mt, polling, notConfigured, running, run } = machine;
  if (mt.contentCn?.trim()) {
    return (
      <Box data-sync-root>
        <NewsText text={mt.contentCn} empty={t('machine.empty')} lang="zh-CN" />
      </Box>
    );
  }
  if (polling) {
    return (
      <Box data-testid="trans-mt-running" sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
        <CircularProgress size={28} />
        <Typography sx={{ mt: 1.5, fontSize: 14 }}>{t('machine.running')}</Typography>
        <Typography variant="caption" color="text.disabled">
          {t('machine.running_hint')}
        </Typography>
      </Box>
    );
  }
  if (notConfigured) return <MtNotConfigured t={t} />;
  const button = (label: string) =>
    canRun && (
      <Button
        size="small"
        variant="contained"
        startIcon={running ? <CircularProgress size={14} color="inherit" /> : <TranslateIcon />}
        disabled={running}
        onClick={() => void run(t('machine.done'))}
        data-testid="trans-mt-run"
      >
        {label}
      </Button>
    );
  if (mt.mtStatus === 'failed') {
    return (
      <Alert severity="error" variant="outlined" sx={{ mt: 2 }} action={button(t('machine.retry'))}>
        {t('machine.failed')}
        {mt.mtError ? `：${mt.mtError}` : ''}
      </Alert>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      <TextEmpty text={t('machine.empty')} />
      <Box sx={{ mt: -2 }}>{button(t('machine.run'))}</Box>
    </Box>
  );
}

/** No engine: what it means for the translator, and how an administrator enables it (an information, not an error). */
export function MtNotConfigured({ t }: { t: TransT }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 2, '& .MuiAlert-message': { display: 'grid', gap: 0.75 } }} data-testid="trans-mt-not-configured">
      <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{t('machine.not_configured')}</Typography>
      <Typography sx={{ fontSize: 13.5 }}>{t('machine.not_configured_body')}</Typography>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{t('machine.not_configured_admin')}</Typography>
    </Alert>
  );
}

/**
 * The department's Chinese title above the manual translation: editable by the editor of the
 * draft (saved with the text), read only for everybody else.
 */
function TitleField({ value, editable, onChange, t }: { value: string; editable: boolean; onChange: (value: string) => void; t: TransT }) {
  if (!editable) {
    return (
      <Box sx={{ px: 2, py: 1.25, borderBottom: line(), display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }} data-testid="trans-title-cn-view">
        <Typography component="span" sx={{ fontSize: 13, color: horizon('textMuted'), flexShrink: 0 }}>
          {t('title_cn.label')}：
        </Typography>
        <Typography component="span" lang="zh-CN" sx={{ fontSize: 15, fontWeight: 600, color: value.trim() ? 'text.primary' : 'text.disabled', minWidth: 0, overflowWrap: 'anywhere' }}>
          {value.trim() || t('title_cn.empty')}
        </Typography>
      </Box>
    );
  }
  const long = value.length > MAX_TITLE_CN - 50;
  return (
    <Box sx={{ px: 2, pt: 1.75, pb: 1, borderBottom: line() }}>
      <TextField
        fullWidth
        size="small"
        label={t('title_cn.label')}
        placeholder={t('title_cn.placeholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        helperText={long ? t('title_cn.count', { count: value.length, max: MAX_TITLE_CN }) : t('title_cn.hint')}
        slotProps={{ htmlInput: { maxLength: MAX_TITLE_CN, lang: 'zh-CN', 'data-testid': 'trans-title-cn' }, inputLabel: { shrink: true } }}
      />
    </Box>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, fontSize: 13, color: horizon('textMuted') }}>
      <span>{label}：</span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {value}
      </Box>
    </Box>
  );
}

function PaneSkeleton() {
  return (
    <Box sx={{ p: 2.5 }} aria-busy="true">
      {[100, 96, 98, 60, 0, 100, 94, 97, 40].map((w, i) =>
        w ? <Skeleton key={i} variant="text" width={`${w}%`} sx={{ fontSize: 15 }} /> : <Box key={i} sx={{ height: 12 }} />,
      )}
    </Box>
  );
}

export function TranslationWorkbench({ info, user, reviewEntry = false }: TranslationWorkbenchProps) {
  const t = useTransText();
  const queryClient = useQueryClient();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const { identity, isPending: identityPending } = useGetIdentity();
  const dept = (identity as HorizonIdentity | undefined)?.user?.dept as DeptRef | null | undefined;
  // the translation lives in the work department (the parent, spec §4); the own one without a parent
  const deptId = workDeptId({ dept }) ?? user.deptId;

  const stateQuery = useQuery({
    queryKey: translationKeys.state(info.id, deptId),
    queryFn: () => translationApi.state(info.id, deptId),
    enabled: !identityPending && user.ready,
    retry: false,
    refetchOnWindowFocus: true,
  });
  useQueryErrorHandler(stateQuery.error);
  const state: TranslationState | undefined = stateQuery.data;

  const [tab, setTab] = useState<PaneTab>(reviewEntry ? 'manual' : 'machine');
  const [manualShown, setManualShown] = useState(reviewEntry);
  const [textDirty, setTextDirty] = useState(false);
  // the Chinese title being edited; null = not touched (the department's title, or the machine one)
  const [titleDraft, setTitleDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [syncScroll, setSyncScroll] = useState(true);
  const editorRef = useRef<RichTextHandle>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(areaRef, { bottom: 12, min: 480 });
  const { leftRef, rightRef } = useSyncScroll(syncScroll);
  const machine = useMachineTranslation(info as WorkbenchInfo, user.deptId);

  const selectTab = useCallback((next: PaneTab) => {
    setTab(next);
    if (next === 'manual') setManualShown(true);
  }, []);

  const actions = workbenchActions(
    state ?? UNTRANSLATED,
    { userId: user.userId, translate: user.abilities.translate, judge: user.abilities.judge, admin: user.roles.includes('admin') },
    { manualShown },
  );

  // the department's own title, else what the list shows (the machine-translated title)
  const savedTitle = (state?.titleCn ?? info.titleCn ?? '').trim();
  const titleValue = titleDraft ?? savedTitle;
  const titleDirty = actions.editable && titleDraft !== null && titleDraft.trim() !== savedTitle;
  const dirty = textDirty || titleDirty;
  /** The title sent with a save or submission: only a changed one (omitted = the server leaves it as it is). */
  const titleToSend = (): string | undefined => (titleDirty && titleDraft !== null ? titleDraft.trim() : undefined);

  // the editor of a draft lands on their text
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !state) return;
    landed.current = true;
    if (actions.editable) selectTab('manual');
  }, [state, actions.editable, selectTab]);

  const apply = (next: TranslationState) => {
    queryClient.setQueryData(translationKeys.state(info.id, deptId), next);
    void queryClient.invalidateQueries({ queryKey: translationKeys.versions(info.id, deptId) });
    markListsStale(queryClient);
  };

  /**
   * After a save or submission: the field shows the saved title again; when the request carried one,
   * the cached lists and the detail show it at once (blank = none of the department's own: the
   * lists refetch the machine title when next shown, they are marked stale).
   */
  const titleSaved = (next: TranslationState, sent: string | undefined) => {
    setTitleDraft(null);
    if (sent !== undefined) patchNewsInCache(queryClient, info.id, { titleCn: next.titleCn?.trim() ? next.titleCn : null });
  };

  const fail = (error: unknown) => {
    const code = errorCode(error);
    if (code === TRANSLATION_CODES.locked) notifyText(t('notify.locked'), 'error');
    else onError(error);
    // the state changed under us (claimed, submitted, reviewed elsewhere): show what it is now
    if (code === TRANSLATION_CODES.locked || code === TRANSLATION_CODES.stale || (error instanceof HttpError && error.status === 409)) {
      void stateQuery.refetch();
    }
  };

  const run = async (kind: Exclude<Busy, null>, request: () => Promise<void>) => {
    setBusy(kind);
    try {
      await request();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const claim = (confirmed = false) => {
    if (dirty && !confirmed) {
      setAsking('claim');
      return;
    }
    void run('claim', async () => {
      const next = await translationApi.claim(info.id, deptId);
      editorRef.current?.load(next.contentTrans);
      setTitleDraft(null);
      apply(next);
      selectTab('manual');
      notifyText(t('notify.claimed'));
    });
  };

  const save = () =>
    run('save', async () => {
      const html = editorRef.current?.getHTML() ?? '';
      const title = titleToSend();
      const next = await translationApi.save(info.id, deptId, html, title);
      editorRef.current?.markSaved(html);
      apply(next);
      titleSaved(next, title);
      notifyText(t('notify.saved'));
    });

  const askSubmit = () => {
    if (!editorRef.current || editorRef.current.isEmpty()) {
      notifyText(t('notify.empty'), 'warning');
      return;
    }
    setAsking('submit');
  };

  const submit = () =>
    run('submit', async () => {
      const html = editorRef.current?.getHTML() ?? '';
      const title = titleToSend();
      const next = await translationApi.submitForReview(info.id, deptId, html, title);
      editorRef.current?.markSaved(html);
      apply(next);
      titleSaved(next, title);
      notifyText(t('notify.submitted'));
    });

  const release = () =>
    run('release', async () => {
      const next = await translationApi.release(info.id, deptId);
      editorRef.current?.load(next.contentTrans);
      setTitleDraft(null);
      apply(next);
      notifyText(t('notify.released'));
    });

  const review = () => {
    if (actions.reviewBlocked) {
      // spec §4: the manual translation must have been viewed first; the server is not asked
      notifyText(t('notify.view_manual_first'), 'warning');
      return;
    }
    if (!state) return;
    void run('review', async () => {
      const next = await translationApi.review(info.id, deptId, state.version);
      apply(next);
      notifyText(t('notify.reviewed'));
    });
  };

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await apiDownload('api/news/downloadWordByIdAndDeptId', { id: info.id, deptId });
      const title = info.titleCn?.trim() || info.title;
      saveBlob(blob, `${title.slice(0, 60).replace(/[\\/:*?"<>|]/g, '_')}.docx`);
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(false);
    }
  };

  // Ctrl+S / ⌘S saves while I edit (and never opens the browser's "save page")
  const saveRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    saveRef.current = () => {
      if (actions.save && busy === null) void save();
    };
  });
  useEffect(() => {
    if (!actions.save) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSaveShortcut(e)) return;
      e.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions.save]);

  // unsaved changes: the browser asks before the window is closed or reloaded
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // live channel: a submission or review of this item elsewhere → reload the state
  const refetchState = stateQuery.refetch;
  useEffect(
    () =>
      subscribeLive((message) => {
        if (message.newsId === undefined || message.newsId === null || String(message.newsId) !== String(info.id)) return;
        if (message.type !== 'translation.submitted' && message.type !== 'translation.reviewed') return;
        void refetchState();
        void queryClient.invalidateQueries({ queryKey: translationKeys.versions(info.id, deptId) });
      }),
    [info.id, deptId, refetchState, queryClient],
  );

  const title = info.titleCn?.trim() || info.title;
  const status = state?.transStatus ?? null;
  const readonlyNote = !state
    ? undefined
    : actions.lockedByOther
      ? t('editor.readonly_other', { name: state.editorName ?? '—' })
      : status === 'examine' || status === 'done'
        ? t('editor.readonly_submitted')
        : actions.claim
          ? t('editor.readonly_hint')
          : undefined;
  const paneHeight = Math.max(320, height);
  // a submitted translation I may review: said in a banner that carries the 审核 button
  const reviewBanner = actions.review === 'review';
  const reviewButton = (size: 'small' | 'medium') => (
    <Button
      size={size}
      variant="contained"
      color="success"
      startIcon={<AssignmentTurnedIn />}
      disabled={busy !== null}
      onClick={review}
      data-testid="trans-review"
      data-blocked={actions.reviewBlocked ? 'true' : undefined}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {t(actions.review === 'rereview' ? 'actions.rereview' : 'actions.review')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto', px: { xs: 1, sm: 1.5 }, pt: 0.5, pb: 1.5 }} data-testid="translation-workbench">
      <Paper variant="outlined" sx={{ px: { xs: 2, md: 2.5 }, py: 1.5, mb: 1.5, borderRadius: 1 }}>
        <Breadcrumbs separator={<NavigateNextIcon sx={{ fontSize: 16 }} />} sx={{ fontSize: 13, mb: 0.75 }}>
          <Link component={RouterLink} to="/pro/news" underline="hover" color="text.secondary">
            {t('breadcrumb_news')}
          </Link>
          <Link component={RouterLink} to={`/pro/news/detailFull2/${info.id}`} underline="hover" color="text.secondary">
            {t('breadcrumb_detail')}
          </Link>
          <Typography sx={{ fontSize: 13 }} color="text.primary">
            {t('heading')}
          </Typography>
        </Breadcrumbs>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: { xs: 'wrap', lg: 'nowrap' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h1" sx={{ fontSize: 20, fontWeight: 600, lineHeight: 1.45, color: 'text.primary' }}>
              {title}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
              {state ? (
                <Chip
                  size="small"
                  data-testid="trans-status"
                  data-status={status ?? 'none'}
                  color={statusColor(status)}
                  variant={status ? 'filled' : 'outlined'}
                  label={t(statusKey(status))}
                />
              ) : (
                !stateQuery.error && <Skeleton variant="rounded" width={64} height={24} />
              )}
              {state && (
                <>
                  <Meta label={t('meta.editor')} value={state.editorName || t('meta.none')} />
                  <Meta label={t('meta.reviewer')} value={state.examineName || t('meta.none')} />
                  <Meta label={t('meta.version')} value={state.version > 0 ? `v${state.version}` : t('meta.none')} />
                </>
              )}
              {dirty && (
                <Chip size="small" color="warning" variant="outlined" label={t('meta.unsaved')} data-testid="trans-dirty" />
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', flexShrink: 0, maxWidth: { lg: 720 } }}>
            {state && actions.claim && (
              <Button size="small" variant="contained" startIcon={<TranslateIcon />} disabled={busy !== null} onClick={() => claim()} data-testid="trans-claim">
                {t('actions.claim')}
              </Button>
            )}
            {state && actions.save && (
              <Tooltip title={t('actions.save_hint')}>
                <span>
                  <Button size="small" variant="outlined" startIcon={<SaveOutlined />} disabled={busy !== null} onClick={() => void save()} data-testid="trans-save">
                    {t('actions.save')}
                  </Button>
                </span>
              </Tooltip>
            )}
            {state && actions.submit && (
              <Button size="small" variant="contained" startIcon={<Send />} disabled={busy !== null} onClick={askSubmit} data-testid="trans-submit">
                {t('actions.submit')}
              </Button>
            )}
            {state && actions.release && (
              <Button size="small" variant="outlined" color="warning" startIcon={<LockOpen />} disabled={busy !== null} onClick={() => setAsking('release')} data-testid="trans-release">
                {t('actions.release')}
              </Button>
            )}
            {state && actions.review && !reviewBanner && reviewButton('small')}
            <Button size="small" variant="outlined" startIcon={<HistoryIcon />} onClick={() => setHistoryOpen(true)} data-testid="trans-history">
              {t('actions.history')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DescriptionOutlined />} disabled={downloading} onClick={() => void download()} data-testid="trans-download">
              {t('actions.download')}
            </Button>
          </Box>
        </Box>
        {state && actions.lockedByOther && (
          <Alert severity="info" variant="outlined" sx={{ mt: 1.25, py: 0 }}>
            {state.editorName ? t('meta.locked_by', { name: state.editorName }) : t('meta.locked_unknown')}
          </Alert>
        )}
        {state && reviewBanner && (
          <Alert
            severity="warning"
            icon={<AssignmentTurnedIn fontSize="inherit" />}
            sx={{ mt: 1.25, alignItems: 'center', '& .MuiAlert-action': { pt: 0, mr: 0 } }}
            action={reviewButton('medium')}
            data-testid="trans-review-banner"
          >
            {state.editorName
              ? t('review.pending', { name: state.editorName, version: state.version })
              : t('review.pending_unknown', { version: state.version })}
          </Alert>
        )}
      </Paper>

      <Box
        ref={areaRef}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, height: { md: paneHeight } }}
      >
        <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden', display: 'flex', flexDirection: 'column', minHeight: 0, height: { xs: paneHeight, md: 'auto' } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 48, px: 2, borderBottom: line() }}>
            <Typography sx={{ fontSize: 14, fontWeight: 600, flex: 1 }}>{t('panes.original')}</Typography>
            <FormControlLabel
              control={<Switch size="small" checked={syncScroll} onChange={(e) => setSyncScroll(e.target.checked)} />}
              label={<Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{t('meta.sync_scroll')}</Typography>}
              sx={{ mr: 0 }}
            />
          </Box>
          <Box ref={leftRef} data-testid="trans-original" sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: { xs: 2, md: 3 }, py: 2 }}>
            <Typography component="h2" lang={info.language ?? undefined} sx={{ fontSize: 16, fontWeight: 600, lineHeight: 1.5, color: 'text.primary', mb: 1.5 }}>
              {info.title}
            </Typography>
            <Box data-sync-root>
              <NewsText html={info.contentHtml} text={info.content} empty={t('panes.no_content')} lang={info.language ?? undefined} />
            </Box>
          </Box>
        </Paper>

        <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden', display: 'flex', flexDirection: 'column', minHeight: 0, height: { xs: paneHeight, md: 'auto' } }}>
          <Tabs
            value={tab}
            onChange={(_e, v: PaneTab) => selectTab(v)}
            sx={{ minHeight: 48, px: 1, borderBottom: line(), '& .MuiTab-root': { minHeight: 48, fontSize: 14 } }}
          >
            <Tab value="machine" label={t('panes.machine')} data-testid="trans-tab-machine" id="trans-tab-machine" aria-controls="trans-panel-machine" />
            <Tab value="manual" label={t('panes.manual')} data-testid="trans-tab-manual" id="trans-tab-manual" aria-controls="trans-panel-manual" />
          </Tabs>
          <Box
            role="tabpanel"
            id="trans-panel-machine"
            aria-labelledby="trans-tab-machine"
            hidden={tab !== 'machine'}
            ref={tab === 'machine' ? rightRef : undefined}
            sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: { xs: 2, md: 3 }, py: 2, display: tab === 'machine' ? 'block' : 'none' }}
          >
            <MachinePane machine={machine} canRun={user.abilities.translate} t={t} />
          </Box>
          <Box
            role="tabpanel"
            id="trans-panel-manual"
            aria-labelledby="trans-tab-manual"
            hidden={tab !== 'manual'}
            sx={{ flex: 1, minHeight: 0, display: tab === 'manual' ? 'flex' : 'none', flexDirection: 'column' }}
          >
            {state && <TitleField value={titleValue} editable={actions.editable} onChange={setTitleDraft} t={t} />}
            {state ? (
              <Box sx={{ flex: 1, minHeight: 0 }}>
                <RichTextEditor
                  value={state.contentTrans}
                  editable={actions.editable}
                  placeholder={t('editor.placeholder')}
                  emptyText={t('editor.empty')}
                  readonlyNote={readonlyNote}
                  labels={{
                    toolbar: t('editor.toolbar'),
                    bold: t('editor.bold'),
                    italic: t('editor.italic'),
                    paragraph: t('editor.paragraph'),
                    h2: t('editor.h2'),
                    h3: t('editor.h3'),
                    bullet: t('editor.bullet'),
                    ordered: t('editor.ordered'),
                    quote: t('editor.quote'),
                    undo: t('editor.undo'),
                    redo: t('editor.redo'),
                    label: t('editor.label'),
                  }}
                  onDirtyChange={setTextDirty}
                  handleRef={editorRef}
                  scrollRef={tab === 'manual' ? rightRef : undefined}
                  height="100%"
                />
              </Box>
            ) : stateQuery.error ? (
              <Alert severity="error" sx={{ m: 2 }}>
                {errorMessage(stateQuery.error)}
              </Alert>
            ) : (
              <PaneSkeleton />
            )}
          </Box>
        </Paper>
      </Box>

      <VersionHistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} newsId={info.id} deptId={deptId} hasDraft={status === 'edit'} />

      <Confirm
        isOpen={asking === 'claim'}
        title={t('confirm.claim_title')}
        content={t('confirm.claim_dirty')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        onConfirm={() => {
          setAsking(null);
          claim(true);
        }}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'submit'}
        title={t('confirm.submit_title')}
        content={t('confirm.submit_content')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        onConfirm={() => {
          setAsking(null);
          void submit();
        }}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'release'}
        title={t('confirm.release_title')}
        content={t(dirty ? 'confirm.release_dirty' : 'confirm.release_content')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        confirmColor="warning"
        onConfirm={() => {
          setAsking(null);
          void release();
        }}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
