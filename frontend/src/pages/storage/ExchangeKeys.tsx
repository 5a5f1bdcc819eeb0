// 签名密钥: this installation's public key (fingerprint, copy) and the trusted public keys whose
// packages may be imported (add name + PEM, delete).
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { useApiErrorHandler, useNotifyText, useQueryErrorHandler } from '../../resources/shared/hooks';
import { exchangeApi, storageKeys, type TrustedKey } from './api';
import { useStorageText } from './useStorageText';

/** `ab12cd…` → `AB12 CD34 …`: easier to read aloud over the phone. */
export function groupFingerprint(fingerprint: string): string {
  return fingerprint.toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}

const PEM = /-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/;

function useCopy() {
  const t = useStorageText();
  const notify = useNotifyText();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(t('common.copied'));
    } catch {
      notify(t('common.copy_failed'), 'warning');
    }
  };
}

function AddKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useStorageText();
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameError = touched && !name.trim() ? t('keys.name_required') : '';
  const keyError = touched && !PEM.test(publicKey.trim()) ? t('keys.key_required') : '';

  const close = () => {
    setName('');
    setPublicKey('');
    setTouched(false);
    onClose();
  };
  const save = async () => {
    setTouched(true);
    if (!name.trim() || !PEM.test(publicKey.trim())) return;
    setBusy(true);
    try {
      await exchangeApi.addTrustedKey({ name: name.trim(), publicKey: publicKey.trim() });
      notify(t('keys.added'));
      await queryClient.invalidateQueries({ queryKey: storageKeys.trusted });
      close();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('keys.add')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={t('keys.name')}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          error={Boolean(nameError)}
          helperText={nameError || ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={t('keys.public_key')}
          value={publicKey}
          required
          multiline
          minRows={5}
          onChange={(event) => setPublicKey(event.target.value)}
          error={Boolean(keyError)}
          helperText={keyError || t('keys.public_key_hint')}
          slotProps={{ htmlInput: { maxLength: 4000, style: { fontFamily: 'monospace', fontSize: 12 } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ExchangeKeys() {
  const t = useStorageText();
  const copy = useCopy();
  const notify = useNotifyText();
  const onError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const own = useQuery({ queryKey: storageKeys.ownKey, queryFn: exchangeApi.ownKey, staleTime: Infinity });
  const trusted = useQuery({ queryKey: storageKeys.trusted, queryFn: exchangeApi.trustedKeys });
  useQueryErrorHandler(own.error ?? trusted.error);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TrustedKey | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await exchangeApi.deleteTrustedKeys([deleting.id]);
      notify(t('common.deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: storageKeys.trusted });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  const keys = trusted.data ?? [];
  return (
    <Card component="section" aria-label={t('keys.title')} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('keys.title')}
      </Typography>
      <Box component="section" aria-label={t('keys.own_title')} sx={{ mb: 3 }}>
        <Typography variant="subtitle2" component="h3">
          {t('keys.own_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('keys.own_hint')}
        </Typography>
        {own.data ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="body2">{t('keys.fingerprint')}：</Typography>
              <Typography variant="body2" component="code" data-testid="own-fingerprint" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {groupFingerprint(own.data.fingerprint)}
              </Typography>
              <Tooltip title={t('keys.copy_fingerprint')}>
                <IconButton size="small" aria-label={t('keys.copy_fingerprint')} onClick={() => void copy(own.data.fingerprint)}>
                  <ContentCopyOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            <Box
              component="pre"
              aria-label={t('keys.own_title')}
              sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {own.data.publicKey}
            </Box>
            <Button size="small" startIcon={<ContentCopyOutlined />} sx={{ mt: 1 }} onClick={() => void copy(own.data.publicKey)}>
              {t('keys.copy_key')}
            </Button>
          </>
        ) : own.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : (
          <Typography variant="body2" color="error">
            {t('common.load_failed', { message: own.error instanceof Error ? own.error.message : '' })}
          </Typography>
        )}
      </Box>
      <Box component="section" aria-label={t('keys.trusted_title')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {t('keys.trusted_title')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('keys.add')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('keys.trusted_hint')}
        </Typography>
        {trusted.isPending ? (
          <Skeleton variant="rounded" height={60} />
        ) : keys.length === 0 ? (
          <Alert severity="warning">{t('keys.none')}</Alert>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('keys.name')}</TableCell>
                <TableCell>{t('keys.fingerprint')}</TableCell>
                <TableCell>{t('keys.col_time')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{groupFingerprint(key.fingerprint)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.createTime ?? ''}</TableCell>
                  <TableCell align="right">
                    <Button size="small" color="error" onClick={() => setDeleting(key)}>
                      {t('common.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      <AddKeyDialog open={adding} onClose={() => setAdding(false)} />
      <Confirm
        isOpen={deleting !== null}
        loading={busy}
        title={t('common.delete_confirm_title')}
        content={t('common.delete_confirm', { count: 1 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
