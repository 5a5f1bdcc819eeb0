import { useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  DataTable,
  ListBase,
  maxLength,
  NumberInput,
  required,
  TextInput,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { ConfirmButton } from '../../resources/shared/ConfirmButton';
import { FormDialog } from '../../resources/shared/FormDialog';
import { errorMessage } from './errorMessage';

const KEYS_PATH = 'api/users/keys';

/** A row of `GET api/users/keys` (the key itself is never listed, only its prefix). */
export interface AccessKey {
  id: number;
  name: string;
  prefix: string;
  expiresAt: string | null;
  lastUsedTime: string | null;
  createTime: string;
}

interface KeyValues {
  name: string;
  expiresDays?: number | null;
}

/** Validator of 有效天数: empty (no expiry) or a whole number of days from 1 to 3650. */
export const validDays = (value: unknown) =>
  value === undefined || value === null || value === '' || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3650)
    ? undefined
    : 'app.user_center.keys_days_range';

/** `POST api/users/keys` body: the name trimmed, `expiresDays` only when given (none = no expiry). */
export function keyCreateBody({ name, expiresDays }: KeyValues): { name: string; expiresDays?: number } {
  const body: { name: string; expiresDays?: number } = { name: name.trim() };
  if (expiresDays !== undefined && expiresDays !== null && String(expiresDays) !== '') body.expiresDays = Number(expiresDays);
  return body;
}

/** The caller's personal access keys (`api/users/keys`): list, create (key shown once), delete. */
export function AccessKeys() {
  return (
    <ListBase resource={KEYS_PATH} perPage={100} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
      <KeysView />
    </ListBase>
  );
}

function Hint() {
  const translate = useTranslate();
  const marker = '\u0000';
  const [before, after = ''] = translate('app.user_center.keys_hint', { api: marker }).split(marker);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
      {before}
      <Box component="code" sx={{ px: 0.5, py: 0.25, borderRadius: 0.5, bgcolor: 'action.hover', fontSize: '0.85em' }}>
        POST auth/keyLogin {'{key}'}
      </Box>
      {after}
    </Typography>
  );
}

function KeysView() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const { refetch } = useListContext<AccessKey>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [shownKey, setShownKey] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const message = errorMessage(error);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };

  const create = async (values: KeyValues) => {
    setSaving(true);
    try {
      const { data } = await dataProvider.call<AccessKey & { key: string }>(KEYS_PATH, { method: 'POST', body: keyCreateBody(values) });
      setCreating(false);
      setShownKey(data.key);
      void refetch();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (key: AccessKey) => {
    setDeleting(key.id);
    try {
      await dataProvider.call(KEYS_PATH, { method: 'DELETE', body: [key.id] });
      notify('app.user_center.keys_deleted', { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setDeleting(null);
      void refetch();
    }
  };

  const empty = (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {translate('app.user_center.keys_empty')}
    </Typography>
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Hint />
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>
          {translate('app.user_center.keys_create')}
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={empty} size="small">
          <DataTable.Col source="name" label="app.user_center.keys_name" disableSort />
          <DataTable.Col
            source="prefix"
            label="app.user_center.keys_prefix"
            disableSort
            render={(key: AccessKey) => (
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {`${key.prefix}…`}
              </Box>
            )}
          />
          <DataTable.Col
            source="expiresAt"
            label="app.user_center.keys_expires"
            disableSort
            render={(key: AccessKey) => key.expiresAt ?? translate('app.user_center.keys_forever')}
          />
          <DataTable.Col
            source="lastUsedTime"
            label="app.user_center.keys_last_used"
            disableSort
            render={(key: AccessKey) => key.lastUsedTime ?? translate('app.user_center.keys_never_used')}
          />
          <DataTable.Col source="createTime" label="app.user_center.keys_create_time" disableSort />
          <DataTable.Col
            label="app.user_center.keys_actions"
            disableSort
            render={(key: AccessKey) => (
              <ConfirmButton
                variant="text"
                color="error"
                label={translate('app.user_center.keys_delete')}
                icon={<DeleteIcon fontSize="small" />}
                title={translate('app.user_center.keys_delete_title')}
                content={translate('app.user_center.keys_delete_confirm', { name: key.name })}
                loading={deleting === key.id}
                onConfirm={() => void remove(key)}
              />
            )}
          />
        </DataTable>
      </Box>
      <FormDialog<KeyValues>
        open={creating}
        title={translate('app.user_center.keys_create_title')}
        values={{ name: '', expiresDays: null }}
        onSubmit={(values) => void create(values)}
        onClose={() => setCreating(false)}
        saving={saving}
        maxWidth="xs"
      >
        <TextInput
          source="name"
          label="app.user_center.keys_name"
          helperText="app.user_center.keys_name_hint"
          validate={[required(), maxLength(100, 'app.user_center.keys_name_length')]}
          autoFocus
        />
        <NumberInput
          source="expiresDays"
          label="app.user_center.keys_days"
          helperText="app.user_center.keys_days_hint"
          min={1}
          max={3650}
          step={1}
          validate={validDays}
        />
      </FormDialog>
      <ShownKeyDialog
        value={shownKey}
        onClose={() => {
          setShownKey(null);
          void refetch(); // the key may have been used meanwhile (最近使用)
        }}
      />
    </>
  );
}

/** The new key, shown once, with a copy button (clipboard API when there is one, else the text selected). */
function ShownKeyDialog({ value, onClose }: { value: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);

  const selectText = () => {
    input.current?.focus();
    input.current?.select();
  };

  const copy = async () => {
    if (!value) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      notify('app.user_center.keys_copied', { type: 'success' });
    } catch {
      selectText();
      notify('app.user_center.keys_copy_manual', { type: 'info' });
    }
  };

  return (
    // closes only through the button: a stray click beside the dialog must not lose the key
    <Dialog open={value !== null} fullWidth maxWidth="sm" aria-labelledby="access-key-title">
      <DialogTitle id="access-key-title">{translate('app.user_center.keys_created_title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.user_center.keys_once')}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            inputRef={input}
            label={translate('app.user_center.keys_key')}
            value={value ?? ''}
            fullWidth
            size="small"
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
            {translate('app.user_center.keys_copy')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('app.user_center.keys_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
