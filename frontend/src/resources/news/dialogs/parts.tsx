// Small building blocks shared by the news dialogs.
import { useRef, useState } from 'react';
import { errorMessage, useNotifyText } from '../../shared/hooks';
import { Box, Stack, Typography } from '@mui/material';

/** The news title block of the edit dialogs: Chinese title above the original. */
export function NewsTitleBlock({ news, label }: { news: { title: string; titleCn: string | null }; label: string }) {
  const main = news.titleCn || news.title;
  return (
    <Box>
      <FieldLabel>{label}</FieldLabel>
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.6 }}>
        {main}
      </Typography>
      {news.titleCn && news.title && news.title !== news.titleCn && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.5 }}>
          {news.title}
        </Typography>
      )}
    </Box>
  );
}

export function FieldLabel({ children, hint }: { children: string; hint?: string }) {
  return (
    <Stack direction="row" spacing={1} alignItems="baseline" sx={{ mb: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {children}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.disabled">
          {hint}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * `value` while the dialog is open, and the last one it had while it fades out after closing (the
 * caller usually clears the item on close; the content would otherwise collapse mid-animation).
 */
export function useWhileOpen<T>(open: boolean, value: T): T {
  const last = useRef(value);
  if (open) last.current = value;
  return open ? value : last.current;
}

/**
 * The confirm of a dialog: runs the request with `saving` set, then the success toast and `after`
 * (onSaved, onClose); a failure shows the server's message and keeps the dialog open.
 */
export function useDialogSubmit() {
  const notify = useNotifyText();
  const [saving, setSaving] = useState(false);
  const submit = async (request: () => Promise<unknown>, success: string, after: () => void) => {
    setSaving(true);
    try {
      await request();
      notify(success);
      after();
    } catch (error) {
      notify(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
