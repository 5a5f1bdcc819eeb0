// /login and /loginAdmin. The form's state and the page's side effects live in login/useLoginForm.ts,
// the password and captcha fields beside it.
import { Box, Button, Card, Checkbox, CircularProgress, FormControlLabel, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { getToken } from '../providers/http';
import { HORIZON_BACKGROUNDS, HORIZON_SHADOWS } from '../theme/theme';
import { CaptchaField } from './login/CaptchaField';
import { PasswordField } from './login/PasswordField';
import { useLoginForm } from './login/useLoginForm';

/** /login and /loginAdmin: username, password, captcha (when enabled), remember me. */
export function LoginPage() {
  const translate = useTranslate();
  const { form, errors, loading, set, setRememberMe, submit, captcha, refreshCaptcha, captchaEnabled } = useLoginForm();

  if (getToken() && !loading) return <Navigate to="/" replace />;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: HORIZON_BACKGROUNDS.login }}
    >
      <Card component="form" onSubmit={submit} noValidate elevation={0} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 }, borderRadius: 2, boxShadow: HORIZON_SHADOWS.card }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <Logo size={48} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, letterSpacing: 1 }}>
            {translate('app.login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.login.subtitle')}
          </Typography>
        </Stack>

        <TextField
          label={translate('app.login.username')}
          name="username"
          autoComplete="username"
          autoFocus={!form.username}
          value={form.username}
          onChange={set('username')}
          error={Boolean(errors.username)}
          helperText={errors.username}
          disabled={loading}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><PersonOutlined fontSize="small" /></InputAdornment> } }}
        />
        <PasswordField value={form.password} onChange={set('password')} error={errors.password} autoFocus={Boolean(form.username)} disabled={loading} />

        {captchaEnabled && (
          <CaptchaField captcha={captcha} onRefresh={refreshCaptcha} value={form.code} onChange={set('code')} error={errors.code} disabled={loading} />
        )}

        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={<Checkbox size="small" checked={form.rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />}
          label={<Typography variant="body2">{translate('app.login.remember_me')}</Typography>}
        />

        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={loading}
          startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ mt: 1.5, height: 42 }}
        >
          {translate(loading ? 'app.login.submitting' : 'app.login.submit')}
        </Button>

        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mt: 3 }}>
          {translate('app.login.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Card>
    </Box>
  );
}
