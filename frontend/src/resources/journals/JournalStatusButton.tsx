// The state-machine action of a journal row (提交 / 完成 / 更正, spec production-admin §4) behind a
// confirmation. 提交 is offered only once the journal has a version file: the confirmation reads
// the files first and refuses without one. The server's 409 messages are shown as they come. A
// journal the caller may not write (`canEdit` false) shows its actions disabled, with the reason.
import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApiMutation } from '../shared/hooks';
import { DisabledAction } from '../shared/ListFrame';
import { journalKeys, journalsApi } from './api';
import { canRunStatusAction, type JournalStatusAction, statusActionsOf } from './journalStatus';
import type { Journal } from './types';
import { useJournalText } from './useJournalText';

const SUCCESS_KEY = { submit: 'actions.submitted', done: 'actions.finished', review: 'actions.reviewing' } as const;
const CONFIRM_KEY = { submit: 'actions.submit_confirm', done: 'actions.done_confirm', review: 'actions.review_confirm' } as const;
const COLOR = { submit: 'primary', done: 'success', review: 'warning' } as const;

const buttonSx = { minWidth: 0, px: 1, whiteSpace: 'nowrap' } as const;

export interface JournalStatusButtonsProps {
  journal: Journal;
  /** Set when the caller may not move this journal: the buttons are disabled, this is their tooltip. */
  disabledReason?: string | null;
}

export function JournalStatusButtons({ journal, disabledReason = null }: JournalStatusButtonsProps) {
  const t = useJournalText();
  return (
    <>
      {statusActionsOf(journal.status).map((action) =>
        disabledReason ? (
          <DisabledAction key={action} reason={disabledReason}>
            <Button size="small" color={COLOR[action]} disabled sx={buttonSx}>
              {t(`actions.${action}`)}
            </Button>
          </DisabledAction>
        ) : (
          <JournalStatusButton key={action} journal={journal} action={action} />
        ),
      )}
    </>
  );
}

function JournalStatusButton({ journal, action }: { journal: Journal; action: JournalStatusAction }) {
  const t = useJournalText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const needsFile = action === 'submit';
  const files = useQuery({
    queryKey: journalKeys.files(journal.id),
    queryFn: ({ signal }) => journalsApi.files(journal.id, signal),
    enabled: open && needsFile,
    staleTime: 0,
  });
  const move = useApiMutation(() => journalsApi.updateStatus(journal.id, action), {
    successMessage: t(SUCCESS_KEY[action]),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
    },
  });

  // isFetching, not isPending: a cached answer from an earlier opening must not decide before the fresh check returns
  const checking = needsFile && files.isFetching;
  const fileCount = needsFile ? (files.data?.length ?? 0) : 0;
  const allowed = !checking && !files.isError && canRunStatusAction(journal.status, action, fileCount);

  return (
    <>
      <Button
        size="small"
        color={COLOR[action]}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        sx={buttonSx}
      >
        {t(`actions.${action}`)}
      </Button>
      <Dialog open={open} onClose={move.isPending ? undefined : () => setOpen(false)} maxWidth="xs" fullWidth onClick={(event) => event.stopPropagation()}>
        <DialogTitle>{t('actions.confirm_title')}</DialogTitle>
        <DialogContent>
          {checking ? (
            <DialogContentText sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={16} /> {t('actions.checking_files')}
            </DialogContentText>
          ) : files.isError && needsFile ? (
            <Alert severity="error">{errorMessage(files.error)}</Alert>
          ) : needsFile && fileCount === 0 ? (
            <Alert severity="warning">{t('actions.no_version_file')}</Alert>
          ) : (
            <DialogContentText>{t(CONFIRM_KEY[action])}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={move.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button variant="contained" onClick={() => move.mutate(undefined)} disabled={!allowed || move.isPending}>
            {t('actions.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
