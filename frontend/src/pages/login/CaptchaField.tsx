// The login form's captcha: the code input and the image, which a click refreshes.
import { Box, InputAdornment, Skeleton, Stack, TextField, Typography } from '@mui/material';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { useTranslate } from 'react-admin';
import { line } from '../../theme/theme';
import type { CaptchaState } from './useLoginForm';

export interface CaptchaFieldProps {
  captcha: CaptchaState;
  onRefresh: () => void;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
  disabled: boolean;
}

export function CaptchaField({ captcha, onRefresh, value, onChange, error, disabled }: CaptchaFieldProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={translate('app.login.code')}
        name="code"
        autoComplete="off"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><ShieldOutlined fontSize="small" /></InputAdornment> } }}
      />
      <Box
        component="button"
        type="button"
        onClick={onRefresh}
        title={translate('app.login.code_refresh')}
        aria-label={translate('app.login.code_refresh')}
        sx={{ flexShrink: 0, width: 120, height: 40, mt: 1, p: 0, border: line('border'), borderRadius: 1, bgcolor: 'common.white', cursor: 'pointer', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        {captcha.status === 'ready' ? (
          <img src={captcha.img} alt={translate('app.login.code')} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : captcha.status === 'loading' ? (
          <Skeleton variant="rectangular" width={120} height={40} aria-label={translate('app.login.code_loading')} />
        ) : (
          <Typography variant="caption" color="error" sx={{ px: 0.5, lineHeight: 1.2 }}>
            {translate('app.login.captcha_failed')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
