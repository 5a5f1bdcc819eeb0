// 批量新增主题: one theme a line (`名称：关键词，关键词`), sent in one `POST api/newsTheme/createList`;
// the server skips the titles that exist, and the notice says how many were added and skipped.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useApiMutation, useNotifyText } from '../shared/hooks';
import { type ThemeItem, themeApi } from './api';
import { parseBatch } from './themeForm';
import { useThemeText } from './useThemeText';

export function ThemeBatchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useThemeText();
  const notifyText = useNotifyText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const mutation = useApiMutation((items: ThemeItem[]) => themeApi.createList(items), {
    onSuccess: (created, items) => {
      const skipped = items.length - created.length;
      notifyText(skipped > 0 ? t('batch.done_skipped', { created: created.length, skipped }) : t('batch.done', { created: created.length }));
      close();
    },
  });
  const submit = () => {
    const parsed = parseBatch(text);
    if ('error' in parsed) {
      setError(parsed.cause ? t(parsed.error, { line: parsed.line ?? 0, message: t(parsed.cause) }) : t(parsed.error));
      return;
    }
    setError(null);
    mutation.mutate(parsed.items);
  };
  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('batch.title')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t('batch.text')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          autoFocus
          error={Boolean(error)}
          helperText={error ?? t('batch.hint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={mutation.isPending}>
          取消
        </Button>
        <Button variant="contained" onClick={submit} disabled={mutation.isPending}>
          确认
        </Button>
      </DialogActions>
    </Dialog>
  );
}
