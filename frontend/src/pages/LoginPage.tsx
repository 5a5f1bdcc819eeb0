import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { type Captcha, consumeSessionExpired, getCaptcha, MSG_SESSION_EXPIRED } from '../providers/authProvider';
import { getToken } from '../providers/http';
import { prefetchNewsIndex } from '../resources/news';

const REMEMBERED_USERNAME = 'horizon-username';

/** Only in-app paths are honoured (no `//host` or absolute URLs). */
export function safeRedirect(value: string | null | undefined): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

type CaptchaState = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & Captcha);

function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  const refresh = useCallback(() => {
    setCaptcha({ status: 'loading' });
    getCaptcha().then(
      (data) => setCaptcha({ status: 'ready', ...data }),
      () => setCaptcha({ status: 'error' }),
    );
  }, []);
  useEffect(refresh, [refresh]);
  return [captcha, refresh] as const;
}

/** /login and /loginAdmin: username, password, captcha (when enabled), remember me. */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const location = useLocation();
  const navigate = useNavigate();
  const [captcha, refreshCaptcha] = useCaptcha();
  const [form, setForm] = useState(() => ({
    username: localStorage.getItem(REMEMBERED_USERNAME) ?? '',
    password: '',
    code: '',
    rememberMe: localStorage.getItem(REMEMBERED_USERNAME) !== null,
  }));
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password' | 'code', string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);

  const search = new URLSearchParams(location.search);
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const redirect = safeRedirect(search.get('redirect'));
  const captchaEnabled = captcha.status !== 'ready' || captcha.enabled !== false;

  useEffect(() => {
    if (consumeSessionExpired()) notify(MSG_SESSION_EXPIRED, { type: 'warning' });
  }, [notify]);

  // Sent here by react-admin with the page in the history state: show it as ?redirect= (spec §2).
  useEffect(() => {
    const from = safeRedirect(state?.nextPathname);
    if (!redirect && from && from !== '/') {
      const target = `${from}${state?.nextSearch ?? ''}`;
      navigate({ search: `?redirect=${encodeURIComponent(target)}` }, { replace: true, state });
    }
  }, [redirect, state, navigate]);

  // While the user types, fetch the code of the screen most sessions open first (the news index),
  // so the submit does not wait for it.
  useEffect(() => {
    const timer = window.setTimeout(() => void prefetchNewsIndex().catch(() => undefined), 300);
    return () => window.clearTimeout(timer);
  }, []);

  if (getToken() && !loading) return <Navigate to="/" replace />;

  const set = (field: 'username' | 'password' | 'code') => (event: { target: { value: string } }) => {
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      username: form.username.trim() ? undefined : translate('app.login.username_required'),
      password: form.password ? undefined : translate('app.login.password_required'),
      code: !captchaEnabled || form.code.trim() ? undefined : translate('app.login.code_required'),
    };
    setErrors(missing);
    if (missing.username || missing.password || missing.code) return;

    setLoading(true);
    try {
      await login(
        {
          username: form.username,
          password: form.password,
          code: form.code.trim(),
          uuid: captcha.status === 'ready' ? captcha.uuid : '',
          rememberMe: form.rememberMe,
        },
        redirect ?? '/',
      );
      if (form.rememberMe) localStorage.setItem(REMEMBERED_USERNAME, form.username.trim());
      else localStorage.removeItem(REMEMBERED_USERNAME);
    } catch (error) {
      setLoading(false);
      const message = error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
      notify(message, { type: 'error' });
      // The captcha is single use: every failed attempt needs a new one.
      setForm((previous) => ({ ...previous, code: '' }));
      refreshCaptcha();
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background:
          'radial-gradient(circle at 15% 20%, rgba(64,158,255,.18), transparent 45%),' +
          'radial-gradient(circle at 85% 80%, rgba(17,169,131,.14), transparent 40%), #f0f3f8',
      }}
    >
      <Card component="form" onSubmit={submit} noValidate elevation={0} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 }, borderRadius: 2, boxShadow: '0 12px 40px rgba(31, 45, 61, .12)' }}>
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
        <TextField
          label={translate('app.login.password')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus={Boolean(form.username)}
          value={form.password}
          onChange={set('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          disabled={loading}
          slotProps={{
            input: {
              startAdornment: <InputAdornment position="start"><LockOutlined fontSize="small" /></InputAdornment>,
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    onClick={() => setShowPassword((shown) => !shown)}
                    aria-label={translate(showPassword ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                  >
                    {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />

        {captchaEnabled && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={translate('app.login.code')}
              name="code"
              autoComplete="off"
              value={form.code}
              onChange={set('code')}
              error={Boolean(errors.code)}
              helperText={errors.code}
              disabled={loading}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><ShieldOutlined fontSize="small" /></InputAdornment> } }}
            />
            <Box
              component="button"
              type="button"
              onClick={refreshCaptcha}
              title={translate('app.login.code_refresh')}
              aria-label={translate('app.login.code_refresh')}
              sx={{ flexShrink: 0, width: 120, height: 40, mt: 1, p: 0, border: '1px solid #dcdfe6', borderRadius: 1, bgcolor: '#fff', cursor: 'pointer', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
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
        )}

        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Checkbox
              size="small"
              checked={form.rememberMe}
              onChange={(event) => setForm((previous) => ({ ...previous, rememberMe: event.target.checked }))}
            />
          }
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
