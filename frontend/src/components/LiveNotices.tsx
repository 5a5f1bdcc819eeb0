import { useCallback, useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { acquireLive, type LiveMessage, subscribeLive } from '../providers/socket';
import { sanitizeNewsHtml } from '../resources/shared/sanitize';
import { HORIZON_SHADOWS } from '../theme/theme';

/** Spec (production-admin §8/§9): pushed socket messages stay 10 s. */
export const LIVE_NOTICE_DURATION = 10_000;
/** At most this many on screen; the oldest goes first. */
export const LIVE_NOTICE_MAX = 5;

interface Shown {
  id: number;
  message: LiveMessage;
}

let sequence = 0;

function LiveNotice({ id, message, onClose }: Shown & { onClose: (id: number) => void }) {
  const translate = useTranslate();
  const [hovered, setHovered] = useState(false);

  // closes after 10 s; hovering holds it (and gives it the full time again), as Element's notifications do
  useEffect(() => {
    if (hovered) return undefined;
    const timer = setTimeout(() => onClose(id), LIVE_NOTICE_DURATION);
    return () => clearTimeout(timer);
  }, [hovered, id, onClose]);

  return (
    <Alert
      severity={message.msgType === 'ERROR' ? 'error' : 'warning'}
      variant="standard"
      closeText={translate('app.live.close')}
      onClose={() => onClose(id)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      sx={{ bgcolor: 'background.paper', boxShadow: HORIZON_SHADOWS.popup, border: 1, borderColor: message.msgType === 'ERROR' ? 'error.light' : 'warning.light' }}
    >
      <AlertTitle sx={{ fontWeight: 600 }}>{message.title || translate('app.live.untitled')}</AlertTitle>
      <Box
        sx={{ fontSize: 14, wordBreak: 'break-word', '& p': { m: 0 }, '& a': { color: 'primary.main' } }}
        dangerouslySetInnerHTML={{ __html: sanitizeNewsHtml(message.msg) }}
      />
    </Alert>
  );
}

/**
 * Messages pushed on the live channel, as warning notifications stacked at the top right (newest
 * at the bottom), each closing after 10 s or when closed. Mounted once per logged-in shell: it
 * also keeps the connection open while mounted.
 */
export function LiveNotices() {
  const translate = useTranslate();
  const [shown, setShown] = useState<Shown[]>([]);

  useEffect(() => acquireLive(), []);
  useEffect(
    () =>
      subscribeLive((message) => {
        sequence += 1;
        const item = { id: sequence, message };
        setShown((current) => [...current, item].slice(-LIVE_NOTICE_MAX));
      }),
    [],
  );
  const close = useCallback((id: number) => setShown((current) => current.filter((item) => item.id !== id)), []);

  if (!shown.length) return null;
  return (
    <Stack
      component="section"
      aria-label={translate('app.live.region')}
      spacing={1.5}
      sx={{ position: 'fixed', top: 16, right: 16, zIndex: (theme) => theme.zIndex.snackbar, width: 360, maxWidth: 'calc(100vw - 32px)' }}
    >
      {shown.map((item) => (
        <LiveNotice key={item.id} id={item.id} message={item.message} onClose={close} />
      ))}
    </Stack>
  );
}
