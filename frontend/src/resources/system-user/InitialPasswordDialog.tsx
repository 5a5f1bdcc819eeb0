import { useRef } from 'react';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotifyText } from '../shared/hooks';

/** What `POST api/users` and `PUT api/users/resetPwd` answer once: the account and its initial password. */
export interface InitialPassword {
  id?: number;
  username: string;
  initialPassword: string;
}

export const INITIAL_PASSWORD_ONCE = '初始密码只显示这一次，关闭后将无法再次查看。请复制并告知用户，用户登录后须先修改密码。';

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The initial password(s) of a new or reset account, shown once with a copy button. Closes only
 * through its button: a stray click beside the dialog must not lose a password nobody can see again.
 */
export function InitialPasswordDialog({ entries, onClose }: { entries: InitialPassword[] | null; onClose: () => void }) {
  const notifyText = useNotifyText();
  const list = entries ?? [];

  const copy = async (text: string, input?: HTMLInputElement | null) => {
    if (await copyText(text)) {
      notifyText('已复制到剪贴板');
      return;
    }
    input?.focus();
    input?.select();
    notifyText('请按 Ctrl+C 复制选中的密码', 'info');
  };

  return (
    <Dialog open={entries !== null && list.length > 0} fullWidth maxWidth="sm" aria-labelledby="initial-password-title">
      <DialogTitle id="initial-password-title">初始密码</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {INITIAL_PASSWORD_ONCE}
        </Alert>
        <Stack spacing={1.5}>
          {list.map((entry) => (
            <PasswordRow key={entry.id ?? entry.username} entry={entry} onCopy={copy} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        {list.length > 1 && (
          <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy(list.map((e) => `${e.username}\t${e.initialPassword}`).join('\n'))}>
            全部复制
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          我已记下
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PasswordRow({ entry, onCopy }: { entry: InitialPassword; onCopy: (text: string, input?: HTMLInputElement | null) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        inputRef={input}
        label={`${entry.username} 的初始密码`}
        value={entry.initialPassword}
        fullWidth
        size="small"
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' }, 'data-testid': 'initial-password' } }}
      />
      <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void onCopy(entry.initialPassword, input.current)} sx={{ flexShrink: 0 }}>
        复制
      </Button>
    </Stack>
  );
}
