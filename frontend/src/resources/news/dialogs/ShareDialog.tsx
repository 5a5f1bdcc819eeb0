// Share one or more news items with users: recipients multi-select (api/users/selectUser), a note;
// one share record per item and recipient (`POST api/newsSuggest {newsId, ..., toIds, content}`).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Autocomplete, Avatar, Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import { horizon } from '../../../theme/theme';
import { errorMessage, useNotifyText } from '../../shared/hooks';
import type { NewsRef } from '../types';
import { ActionDialog } from './ActionDialog';
import { useWhileOpen } from './parts';
import { useDialogText } from './useDialogText';

export interface ShareDialogProps {
  open: boolean;
  /** Items to share (one record per item and recipient). */
  news: NewsRef[];
  onClose: () => void;
  /** Called after `分享成功`. */
  onShared?: () => void;
}

/** A user of `GET api/users/selectUser` (enabled users, any department). */
export interface SelectUser {
  id: number;
  username: string;
  nickName: string | null;
  dept: { id: number; name: string } | null;
}

export const NOTE_MAX = 500;
const SHARE_PATH = 'api/newsSuggest';

/** Whether the user matches the search text (nickname, account or department, case-insensitive). */
export function matchesUser(user: SelectUser, text: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [user.nickName ?? '', user.username, user.dept?.name ?? ''].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** `POST api/newsSuggest` bodies: one per item, each naming every recipient (the server writes one record per recipient). */
export function shareBodies(news: readonly NewsRef[], recipients: readonly number[], note: string) {
  const content = note.trim() || null;
  return news.map((item) => ({ newsId: item.id, newsTitle: item.title, newsTitleCn: item.titleCn, toIds: [...recipients], content }));
}

export const userLabel = (user: SelectUser): string => user.nickName || user.username;

export function ShareDialog({ open, news: newsProp, onClose, onShared }: ShareDialogProps) {
  const news = useWhileOpen(open, newsProp);
  const t = useDialogText();
  const notify = useNotifyText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const { identity } = useGetIdentity();
  const [recipients, setRecipients] = useState<SelectUser[]>([]);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  /** Items already shared in this dialog (a retry after a partial failure skips them). */
  const done = useRef(new Set<number>());

  useEffect(() => {
    if (!open) return;
    setRecipients([]);
    setNote('');
    setTouched(false);
    done.current = new Set();
  }, [open]);

  const users = useQuery({
    queryKey: ['horizon', 'users', 'selectUser'],
    queryFn: async () => (await dataProvider.call<SelectUser[]>('api/users/selectUser')).data ?? [],
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const options = useMemo(() => (users.data ?? []).filter((u) => u.id !== identity?.id), [users.data, identity?.id]);

  const noteTooLong = note.length > NOTE_MAX;
  const missing = recipients.length === 0;

  const share = async () => {
    setTouched(true);
    if (missing || noteTooLong) return;
    setSaving(true);
    try {
      const pending = news.filter((item) => !done.current.has(item.id));
      const bodies = shareBodies(pending, recipients.map((u) => u.id), note);
      const results = await Promise.allSettled(bodies.map((body) => dataProvider.call(SHARE_PATH, { method: 'POST', body })));
      const failures: unknown[] = [];
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') done.current.add(bodies[i].newsId);
        else failures.push(result.reason);
      });
      if (failures.length === 0) {
        notify(t('share.success'));
        onShared?.();
        onClose();
      } else {
        const message = errorMessage(failures[0]);
        notify(news.length > 1 ? t('share.partial', { failed: failures.length, message }) : message, 'error');
      }
    } finally {
      setSaving(false);
    }
  };

  const first = news[0];
  return (
    <ActionDialog open={open} title={t('share.title')} onClose={onClose} onConfirm={() => void share()} saving={saving} confirmDisabled={missing || noteTooLong || news.length === 0}>
      <Stack spacing={2.5}>
        <Box sx={{ px: 1.5, py: 1, bgcolor: horizon('fill'), borderRadius: 1, borderLeft: 3, borderColor: 'primary.main' }}>
          {news.length > 1 && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {t('share.news_count', { count: news.length })}
            </Typography>
          )}
          {news.slice(0, 3).map((item) => (
            <Typography key={item.id} variant="body2" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={item.titleCn || item.title}>
              {item.titleCn || item.title}
            </Typography>
          ))}
          {news.length === 1 && first?.titleCn && first.title && first.title !== first.titleCn && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={first.title}>
              {first.title}
            </Typography>
          )}
          {news.length > 3 && (
            <Typography variant="caption" color="text.secondary">
              …
            </Typography>
          )}
        </Box>

        <Autocomplete<SelectUser, true>
          multiple
          options={options}
          value={recipients}
          onChange={(_event, value) => setRecipients(value)}
          loading={users.isPending && open}
          disabled={saving}
          filterSelectedOptions
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={userLabel}
          filterOptions={(list, state) => list.filter((u) => matchesUser(u, state.inputValue))}
          noOptionsText={users.isError ? t('common.load_failed') : t('share.no_users')}
          loadingText={t('common.loading')}
          limitTags={8}
          slotProps={{ chip: { size: 'small', color: 'primary', variant: 'outlined' }, listbox: { sx: { maxHeight: 280 } } }}
          renderOption={({ key, ...props }, user) => (
            <Box component="li" key={key} {...props} sx={{ gap: 1.25 }}>
              <Avatar sx={{ width: 26, height: 26, fontSize: 13, bgcolor: 'primary.light' }}>{userLabel(user).slice(0, 1)}</Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                  {userLabel(user)}
                </Typography>
                <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {user.username}
                </Typography>
              </Box>
              <Typography variant="caption" color={user.dept ? 'text.secondary' : 'text.disabled'} sx={{ whiteSpace: 'nowrap' }}>
                {user.dept?.name ?? t('share.no_dept')}
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('share.recipients')}
              required
              size="small"
              placeholder={recipients.length ? undefined : t('share.recipients_placeholder')}
              error={touched && missing}
              helperText={touched && missing ? t('share.recipients_required') : recipients.length ? t('share.recipients_selected', { count: recipients.length }) : ' '}
            />
          )}
        />

        <TextField
          label={t('share.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          disabled={saving}
          multiline
          minRows={3}
          maxRows={8}
          size="small"
          fullWidth
          placeholder={t('share.note_placeholder')}
          error={noteTooLong}
          helperText={noteTooLong ? t('share.note_too_long', { max: NOTE_MAX }) : `${note.length} / ${NOTE_MAX}`}
          slotProps={{ formHelperText: { sx: { textAlign: noteTooLong ? 'left' : 'right', mx: 0 } } }}
        />
      </Stack>
    </ActionDialog>
  );
}
