// Set as noise / delete with confirmation (news:noise; the caller shows the action only with it).
// 'noise' → POST api/news/setNoise {id} (the item moves to the noise class A5000 and leaves every
// list); 'delete' → POST api/news/deleteById {id}.
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Box, Stack, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { HorizonDataProvider } from '../../../providers/dataProvider';
import type { NewsRef } from '../types';
import { ActionDialog } from './ActionDialog';
import { useDialogSubmit, useWhileOpen } from './parts';
import { useDialogText } from './useDialogText';

export interface NoiseDeleteDialogProps {
  open: boolean;
  news: NewsRef | null;
  /** 'noise' moves it to the noise class (leaves every list), 'delete' deletes it. */
  action: 'noise' | 'delete';
  onClose: () => void;
  onDone?: () => void;
}

/** The call of each action. */
export const NOISE_DELETE_PATHS = { noise: 'api/news/setNoise', delete: 'api/news/deleteById' } as const;

export function NoiseDeleteDialog({ open, news: newsProp, action: actionProp, onClose, onDone }: NoiseDeleteDialogProps) {
  const news = useWhileOpen(open, newsProp);
  const action = useWhileOpen(open, actionProp);
  const t = useDialogText();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const { saving, submit } = useDialogSubmit();
  const isDelete = action === 'delete';

  const run = async () => {
    if (!news) return;
    await submit(
      () => dataProvider.call(NOISE_DELETE_PATHS[action], { method: 'POST', body: { id: news.id } }),
      t(isDelete ? 'noise.delete_done' : 'noise.noise_done'),
      () => {
        onDone?.();
        onClose();
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      title={t(isDelete ? 'noise.delete_title' : 'noise.noise_title')}
      onClose={onClose}
      onConfirm={() => void run()}
      saving={saving}
      confirmDisabled={!news}
      confirmColor={isDelete ? 'error' : 'warning'}
      maxWidth="xs"
      focusConfirm
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <WarningAmberRounded sx={{ color: isDelete ? 'error.main' : 'warning.main', fontSize: 26, mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
            {t(isDelete ? 'noise.delete_confirm' : 'noise.noise_confirm')}
          </Typography>
          {news && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75, wordBreak: 'break-word' }}>
              {news.titleCn || news.title}
            </Typography>
          )}
          <Typography variant="caption" color="text.disabled">
            {t(isDelete ? 'noise.delete_hint' : 'noise.noise_hint')}
          </Typography>
        </Box>
      </Stack>
    </ActionDialog>
  );
}
