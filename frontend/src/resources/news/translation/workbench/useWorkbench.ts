// The logic of the translation workbench: the department's state, the tabs, the Chinese title being
// edited, and the workflow commands (我要翻译, 保存, 提交审核, 释放, 审核, 下载 Word) with their
// confirmations, the save shortcut and the unsaved-changes guard. TranslationWorkbench.tsx lays it out.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useGetIdentity } from 'react-admin';
import { record, useAppAbility } from '../../../../providers/ability';
import type { HorizonIdentity } from '../../../../providers/authProvider';
import { useApiErrorHandler, useNotifyText } from '../../../shared/hooks';
import type { NewsUser } from '../../access';
import type { NewsInfo } from '../../types';
import { markListsStale, patchNewsInCache } from '../../useNewsActions';
import { useWordDownload } from '../../useWordDownload';
import { errorCode, TRANSLATION_CODES, translationApi, translationKeys, type TranslationState, type WorkbenchInfo } from '../api';
import type { RichTextHandle } from '../RichTextEditor';
import { useTransText } from '../useTransText';
import { type DeptRef, TRANSLATION, workbenchActions, workDeptId } from '../workflow';
import { useLeaveGuard, useSaveShortcut } from './guards';
import { useMachineTranslation } from './useMachineTranslation';
import { useTranslationState } from './useTranslationState';

export type PaneTab = 'machine' | 'manual';
type Busy = 'claim' | 'save' | 'submit' | 'release' | 'review' | null;
export type Asking = 'claim' | 'submit' | 'release' | null;

const UNTRANSLATED = { transStatus: null, editorId: null, editorName: null } as const;

export type Workbench = ReturnType<typeof useWorkbench>;

export function useWorkbench(info: NewsInfo, user: NewsUser, reviewEntry: boolean) {
  const t = useTransText();
  const queryClient = useQueryClient();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const { identity, isPending: identityPending } = useGetIdentity();
  const dept = (identity as HorizonIdentity | undefined)?.user?.dept as DeptRef | null | undefined;
  // the translation lives in the work department (the parent, spec §4); the own one without a parent
  const deptId = workDeptId({ dept }) ?? user.deptId;

  const stateQuery = useTranslationState(info.id, deptId, !identityPending && user.ready);
  const state: TranslationState | undefined = stateQuery.data;

  const [tab, setTab] = useState<PaneTab>(reviewEntry ? 'manual' : 'machine');
  const [manualShown, setManualShown] = useState(reviewEntry);
  const [textDirty, setTextDirty] = useState(false);
  // the Chinese title being edited; null = not touched (the department's title, or the machine one)
  const [titleDraft, setTitleDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const editorRef = useRef<RichTextHandle>(null);
  const machine = useMachineTranslation(info as WorkbenchInfo, user.deptId);

  const selectTab = useCallback((next: PaneTab) => {
    setTab(next);
    if (next === 'manual') setManualShown(true);
  }, []);

  // 审核 as the server asks it: news:judge, and (unless REVIEW_ALLOW_SELF) not the translator of the text
  const ability = useAppAbility();
  const mayReview = user.abilities.judge && ability.can('review', record(TRANSLATION, { editorId: state?.editorId ?? null }));
  const actions = workbenchActions(
    state ?? UNTRANSLATED,
    { userId: user.userId, translate: user.abilities.translate, judge: mayReview, admin: user.roles.includes('admin') },
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

  const word = useWordDownload();
  const download = () => word.download(info, deptId);

  useSaveShortcut(actions.save, () => {
    if (actions.save && busy === null) void save();
  });
  useLeaveGuard(dirty);

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

  return {
    t,
    deptId,
    state,
    stateError: stateQuery.error,
    status,
    actions,
    machine,
    tab,
    selectTab,
    titleValue,
    setTitleDraft,
    setTextDirty,
    dirty,
    readonlyNote,
    editorRef,
    busy,
    asking,
    setAsking,
    historyOpen,
    setHistoryOpen,
    downloading: word.downloading,
    commands: { claim, save, askSubmit, submit, release, review, download },
  };
}
