// 发起投票: product, period, title and votes per person, with the candidates the period holds.
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useVoteText } from './i18n';
import { useCreateVote } from './useCreateVote';

interface CreateVoteDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}

export function CreateVoteDialog({ open, onClose, onCreated }: CreateVoteDialogProps) {
  const t = useVoteText();
  const form = useCreateVote(open, onCreated);
  const preview = form.candidates;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-vote-title">
      <DialogTitle id="create-vote-title">{t('form.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {form.products.data?.length === 0 && <Alert severity="warning">{t('form.no_products')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              required
              label={t('form.product')}
              value={form.productId}
              onChange={(e) => form.setProductId(Number(e.target.value))}
              error={!!form.errors.product}
              helperText={form.errors.product || ' '}
              sx={{ flex: 2 }}
            >
              {(form.products.data ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField type="date" required label={t('form.start')} value={form.period.startDate} onChange={(e) => form.setPeriod({ ...form.period, startDate: e.target.value })} helperText=" " slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
            <TextField type="date" required label={t('form.end')} value={form.period.endDate} onChange={(e) => form.setPeriod({ ...form.period, endDate: e.target.value })} helperText=" " slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField required label={t('form.name')} value={form.title} onChange={(e) => form.setTitle(e.target.value)} error={!!form.errors.title} helperText={form.errors.title || ' '} sx={{ flex: 3 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField required label={t('form.per_person')} value={form.perPerson} onChange={(e) => form.setPerPerson(e.target.value)} error={!!form.errors.perPerson} helperText={form.errors.perPerson || ' '} sx={{ flex: 1 }} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
          <Box>
            <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('form.preview', { n: preview.data?.length ?? 0 })}
            </Typography>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 260, overflow: 'auto' }} data-testid="candidate-preview">
              {!form.ready && <Empty text={t('form.preview_hint')} />}
              {form.ready && preview.isFetching && !preview.data && (
                <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', color: 'text.secondary' }}>
                  <CircularProgress size={16} /> <span>{t('form.preview_loading')}</span>
                </Stack>
              )}
              {form.ready && preview.isError && <Empty text={preview.error instanceof Error && preview.error.message ? preview.error.message : t('form.preview_empty')} />}
              {preview.data && (
                <List dense disablePadding>
                  {preview.data.map((c) => (
                    <ListItem key={c.manuscriptId} divider>
                      <ListItemText primary={c.title} secondary={[c.journalLabel, c.columnName, c.deptName].filter(Boolean).join(' · ')} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={() => void form.submit()} disabled={form.submitting || !preview.data?.length}>
          {t('form.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Empty({ text }: { text: string }) {
  return <Box sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>{text}</Box>;
}
