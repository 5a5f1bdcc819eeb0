// The full-screen online editor page `/office/:kind/:id?version=` (docs/office-design.md §4.8,
// docs/office-api.md "The built-in editor page, step by step"): opens a session itself, shows the
// configured editor under a slim bar (title, version, 只读 badge, 保存, 关闭), renews the lock every
// 5 minutes, and on closing ends the session, tells the workbench (BroadcastChannel) and leaves the
// window. Always a full page load: the editor CSP of /horizon/office/* applies (§4.7).
import { Alert, AppBar, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Toolbar, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { officeApi } from './api';
import type { BuiltinHandle, BuiltinStatus } from './BuiltinEditor';
import {
  announceClosed, closedMessage, DirtyTracker, errorMessage, HEARTBEAT_MS, isLockLost, leaveWindow, parseOfficeParams, waitUntilSettled,
} from './logic';
import type { AdapterHandle } from './OnlyofficeEditor';
import type { OfficeKind, OfficeSession } from './types';
import { type OfficeT, useOfficeText } from './useOfficeText';

const BuiltinEditor = lazy(() => import('./BuiltinEditor'));
const OnlyofficeEditor = lazy(() => import('./OnlyofficeEditor'));
const WopiEditor = lazy(() => import('./WopiEditor'));

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; title: string; message: string }
  | { phase: 'open'; session: OfficeSession; bytes?: Uint8Array };

/** 期刊打开失败 / 稿件打开失败 / 打开失败. */
export function openFailureTitle(t: OfficeT, kind: OfficeKind | undefined): string {
  if (kind === 'journal') return t('open.failed_journal');
  if (kind === 'copy') return t('open.failed_copy');
  return t('open.failed');
}

/** The text beside the 只读 badge: why the session is read-only, with the lock holder. */
export function readOnlyReason(t: OfficeT, session: OfficeSession): string {
  if (session.reason === 'locked') {
    const holder = session.lock?.holder;
    if (!holder) return t('reason.locked_unknown');
    return t('reason.locked', { holder: holder.nickName || holder.username, since: session.lock?.since.slice(11, 16) ?? '' });
  }
  if (session.reason === 'done') return t('reason.done');
  return t('reason.forbidden');
}

export function OfficePage() {
  const t = useOfficeText();
  const notify = useNotify();
  const navigate = useNavigate();
  const { kind, id } = useParams();
  const { search } = useLocation();
  const params = useMemo(() => parseOfficeParams(kind, id, search), [kind, id, search]);
  const { data: identity } = useGetIdentity();

  const [load, setLoad] = useState<Load>(() => (params ? { phase: 'loading' } : { phase: 'failed', title: t('open.failed'), message: t('page.bad_address') }));
  const [lockLost, setLockLost] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [closing, setClosing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [ready, setReady] = useState(false);
  const [editorError, setEditorError] = useState<string | null>(null);
  // 重新打开 after a lost lock opens a new session: the attempt the open effect last ran for
  const [attempt, setAttempt] = useState(0);

  const opened = useRef<number | null>(null);
  const closed = useRef(false);
  const tracker = useRef(new DirtyTracker());
  const builtin = useRef<BuiltinHandle | null>(null);
  const adapter = useRef<AdapterHandle | null>(null);
  const savedVersion = useRef<number | null>(null);
  const savingNow = useRef(false);

  const session = load.phase === 'open' ? load.session : null;
  const mode = session && session.mode === 'edit' && !lockLost ? 'edit' : 'view';

  // 1. open the session (once per attempt: a StrictMode re-run must not open a second one), fetch the bytes
  useEffect(() => {
    if (!params || opened.current === attempt) return;
    opened.current = attempt;
    (async () => {
      try {
        const opening = await officeApi.open(params.kind, params.id, params.version);
        const bytes = opening.builtin ? await officeApi.bytes(opening.builtin.fileUrl) : undefined;
        setLoad({ phase: 'open', session: opening, bytes });
        document.title = opening.target.title;
      } catch (error) {
        setLoad({ phase: 'failed', title: openFailureTitle(t, params.kind), message: errorMessage(error) });
      }
    })();
  }, [params, t, attempt]);

  // 3. heartbeat every 5 minutes; a lost lock → banner and view mode
  const sessionId = session?.id;
  useEffect(() => {
    if (!sessionId) return undefined;
    const timer = setInterval(() => {
      officeApi.heartbeat(sessionId).catch((error: unknown) => {
        if (isLockLost(error)) setLockLost(true);
      });
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [sessionId]);

  // closing the window: unsaved changes ask the browser's question; leaving ends the session
  useEffect(() => {
    if (!session) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (closed.current || !tracker.current.dirty || mode !== 'edit') return;
      event.preventDefault();
      event.returnValue = '';
    };
    const pageHide = () => {
      if (closed.current) return;
      closed.current = true;
      officeApi.close(session.id).catch(() => undefined);
      announceClosed(closedMessage(session, savedVersion.current));
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', pageHide);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', pageHide);
    };
  }, [session, mode]);

  // 4. save (built-in editor)
  const save = useCallback(async (): Promise<boolean> => {
    if (!session || mode !== 'edit' || !builtin.current || savingNow.current) return false;
    // the editor re-serialises every part, so a save without an edit would still make a new version
    if (!tracker.current.dirty) {
      notify(t('save.unchanged'), { type: 'info' });
      return true;
    }
    savingNow.current = true;
    setSaving(true);
    const revision = tracker.current.begin();
    try {
      const bytes = await builtin.current.save();
      if (!bytes) throw new Error(t('page.loading'));
      const result = await officeApi.saveBuiltin(session.id, bytes, session.target.fileName);
      tracker.current.done(revision);
      setDirty(tracker.current.dirty);
      if (!result.created) {
        notify(t('save.unchanged'), { type: 'info' });
      } else {
        savedVersion.current = result.version;
        if (result.stale) notify(t('save.stale', { latest: result.latestBefore ?? result.baseVersion }), { type: 'warning' });
        else notify(t('save.saved', { version: result.version }), { type: 'success' });
      }
      return true;
    } catch (error) {
      if (isLockLost(error)) setLockLost(true);
      notify(t('save.failed', { message: errorMessage(error) }), { type: 'error' });
      return false;
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  }, [session, mode, notify, t]);

  // 5. close: end the session, wait for a document server's save, tell the workbench, leave
  const finishClose = useCallback(async () => {
    if (!session) {
      leaveWindow(window, (to) => (typeof to === 'number' ? navigate(to) : navigate(to)));
      return;
    }
    setAsking(false);
    setClosing(true);
    closed.current = true;
    adapter.current?.destroy();
    await officeApi.close(session.id).catch(() => undefined);
    let saved = savedVersion.current;
    // a lost lock: the editor is gone and its saves would be refused, nothing to wait for
    if (session.editor !== 'builtin' && session.mode === 'edit' && !lockLost) {
      const { state, timedOut } = await waitUntilSettled(() => officeApi.state(session.id));
      saved = state?.savedVersion ?? saved;
      if (timedOut) notify(t('page.close_timeout'), { type: 'warning' });
      else if (state?.error) notify(state.error, { type: 'error' });
    }
    announceClosed(closedMessage(session, saved));
    leaveWindow(window, (to) => (typeof to === 'number' ? navigate(to) : navigate(to)));
    setClosing(false);
  }, [session, lockLost, navigate, notify, t]);

  const requestClose = useCallback(() => {
    if (session?.editor === 'builtin' && mode === 'edit' && tracker.current.dirty) setAsking(true);
    else void finishClose();
  }, [session, mode, finishClose]);

  const saveAndClose = async () => {
    setAsking(false);
    if (await save()) await finishClose();
  };

  // a lost lock with a document server's editor: it is unmounted (it would go on editing a session
  // whose saves are refused); 重新打开 ends the old session and opens a new one (edit or read-only)
  const reopen = useCallback(() => {
    if (session) officeApi.close(session.id).catch(() => undefined);
    adapter.current = null;
    tracker.current = new DirtyTracker();
    setLockLost(false);
    setDirty(false);
    setReady(false);
    setEditorError(null);
    setLoad({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, [session]);

  const onChange = useCallback((change: { source?: string; revision: number }) => {
    tracker.current.change(change);
    setDirty(tracker.current.dirty);
  }, []);
  const onHandle = useCallback((handle: BuiltinHandle | null) => {
    builtin.current = handle;
  }, []);
  const onAdapter = useCallback((handle: AdapterHandle | null) => {
    adapter.current = handle;
  }, []);
  const onStatus = useCallback((status: BuiltinStatus) => {
    setReady(status.ready);
    setEditorError(status.failure);
  }, []);
  const onReady = useCallback(() => setReady(true), []);
  const onAdapterError = useCallback((message: string) => setEditorError(t('editor.script_failed', { message })), [t]);

  if (load.phase === 'loading') {
    return (
      <Box role="status" data-testid="office-page" data-state="loading" sx={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
        <CircularProgress size={24} />
        <Typography>{t('page.loading')}</Typography>
      </Box>
    );
  }
  if (load.phase === 'failed') {
    return (
      <Box data-testid="office-page" data-state="failed" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
        <Alert severity="error" action={<Button color="inherit" onClick={() => void finishClose()}>{t('page.close')}</Button>}>
          <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {load.title}
          </Typography>
          {load.message}
        </Alert>
      </Box>
    );
  }

  const { session: open, bytes } = load;
  const { target } = open;
  const external = open.editor !== 'builtin';
  return (
    <Box data-testid="office-page" data-state="open" data-editor-ready={ready ? 'true' : 'false'} data-mode={mode} sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar variant="dense" role="toolbar" aria-label={t('page.toolbar')} sx={{ gap: 1.5 }}>
          <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
            {target.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('page.version', { version: target.version })}
            {target.latest !== target.version ? t('page.latest', { latest: target.latest }) : ''}
          </Typography>
          {mode === 'view' && (
            <>
              <Chip size="small" color="warning" label={t('page.read_only')} data-testid="office-read-only" />
              {!lockLost && (
                <Typography variant="body2" color="text.secondary" noWrap data-testid="office-read-only-reason">
                  {readOnlyReason(t, open)}
                </Typography>
              )}
            </>
          )}
          <Box sx={{ flex: 1 }} />
          {open.editor === 'builtin' && mode === 'edit' && (
            <Button variant="contained" size="small" onClick={() => void save()} disabled={saving || closing || !ready} startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}>
              {saving ? t('page.saving') : t('page.save')}
            </Button>
          )}
          <Button variant="outlined" size="small" onClick={requestClose} disabled={closing || saving}>
            {closing ? t('page.closing') : t('page.close')}
          </Button>
        </Toolbar>
      </AppBar>
      {lockLost && (
        <Alert
          severity="warning"
          data-testid="office-lock-lost"
          sx={{ borderRadius: 0 }}
          action={
            external ? (
              <Button color="inherit" size="small" onClick={reopen} disabled={closing}>
                {t('lock.reopen')}
              </Button>
            ) : undefined
          }
        >
          {t('lock.lost')}
        </Alert>
      )}
      {editorError && open.editor !== 'builtin' && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          {editorError}
        </Alert>
      )}
      {closing && open.editor !== 'builtin' && (
        <Alert severity="info" icon={<CircularProgress size={16} />} sx={{ borderRadius: 0 }}>
          {t('page.closing_hint')}
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-dirty={dirty ? 'true' : 'false'}>
        <Suspense fallback={<CircularProgress sx={{ m: 'auto' }} />}>
          {open.editor === 'builtin' && bytes && (
            <BuiltinEditor bytes={bytes} mode={mode} title={target.title} author={identity?.fullName} onHandle={onHandle} onChange={onChange} onSave={() => void save()} onStatus={onStatus} />
          )}
          {open.editor === 'onlyoffice' && open.onlyoffice && !lockLost && (
            <OnlyofficeEditor apiJs={open.onlyoffice.apiJs} sessionId={open.id} config={open.onlyoffice.config} onHandle={onAdapter} onDirty={setDirty} onReady={onReady} onError={onAdapterError} />
          )}
          {open.editor === 'wopi' && open.wopi && !lockLost && (
            <WopiEditor
              actionUrl={open.wopi.actionUrl}
              accessToken={open.wopi.accessToken}
              accessTokenTtl={open.wopi.accessTokenTtl}
              title={t('editor.frame_title')}
              onHandle={onAdapter}
              onDirty={setDirty}
              onReady={onReady}
              onCloseRequest={() => void finishClose()}
            />
          )}
        </Suspense>
      </Box>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="office-unsaved-title">
        <DialogTitle id="office-unsaved-title">{t('unsaved.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('unsaved.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('unsaved.cancel')}</Button>
          <Button color="error" onClick={() => void finishClose()}>
            {t('unsaved.discard')}
          </Button>
          <Button variant="contained" onClick={() => void saveAndClose()}>
            {t('unsaved.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
