// The login form's state: the fields (the remembered username), the captcha, the checks and the
// submit; plus the page's side effects (session-expired notice, ?redirect=, prefetching the news
// index). LoginPage.tsx lays it out.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Captcha, consumeSessionExpired, getCaptcha, MSG_SESSION_EXPIRED } from '../../providers/authProvider';
import { consumeLoginNotice } from '../../providers/handoff';
import { prefetchNewsIndex } from '../../resources/news';

const REMEMBERED_USERNAME = 'horizon-username';

/** Only in-app paths are honoured (no `//host` or absolute URLs). */
export function safeRedirect(value: string | null | undefined): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export type CaptchaState = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & Captcha);

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

export type LoginField = 'username' | 'password' | 'code';

export function useLoginForm() {
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
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [loading, setLoading] = useState(false);

  const search = new URLSearchParams(location.search);
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const redirect = safeRedirect(search.get('redirect'));
  const captchaEnabled = captcha.status !== 'ready' || captcha.enabled !== false;

  useEffect(() => {
    if (consumeSessionExpired()) notify(MSG_SESSION_EXPIRED, { type: 'warning' });
    const notice = consumeLoginNotice();
    if (notice) notify(notice, { type: 'warning', messageArgs: { _: notice } });
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

  const set = (field: LoginField) => (event: { target: { value: string } }) => {
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const setRememberMe = (rememberMe: boolean) => setForm((previous) => ({ ...previous, rememberMe }));

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

  return { form, errors, loading, set, setRememberMe, submit, captcha, refreshCaptcha, captchaEnabled };
}
