import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../providers/i18n/i18nProvider';
import { clearToken } from '../providers/http';
import { LoginPage } from './LoginPage';

const CAPTCHA_IMG = 'data:image/svg+xml;base64,PHN2Zy8+';

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

function renderLogin(authProvider: Partial<AuthProvider> = {}) {
  const provider: AuthProvider = {
    login: vi.fn(),
    logout: vi.fn(),
    checkAuth: vi.fn().mockRejectedValue(undefined),
    checkError: vi.fn(),
    ...authProvider,
  };
  render(
    <MemoryRouter initialEntries={['/login']}>
      <AdminContext authProvider={provider} i18nProvider={createI18nProvider('zh')}>
        <LoginPage />
      </AdminContext>
    </MemoryRouter>,
  );
  return provider;
}

beforeEach(() => {
  clearToken();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('renders the Chinese form with the captcha image, refreshed on click', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ img: CAPTCHA_IMG, uuid: 'u-1', enabled: true }));
    renderLogin();

    expect(screen.getByRole('heading', { name: 'Horizon 新闻平台' })).toBeTruthy();
    expect(screen.getByLabelText('账号')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByText('记住我')).toBeTruthy();
    const image = await screen.findByAltText('验证码');
    expect(image.getAttribute('src')).toBe(CAPTCHA_IMG);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/auth/code');

    fireEvent.click(screen.getByRole('button', { name: '看不清？点击刷新' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('hides the captcha when the server has it turned off', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ img: '', uuid: '', enabled: false }));
    renderLogin();
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
    expect(screen.getByRole('button', { name: '登 录' })).toBeTruthy();
  });

  it('validates, signs in, and fetches a new captcha after a failure', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ img: CAPTCHA_IMG, uuid: 'u-1', enabled: true }));
    const provider = renderLogin({ login: vi.fn().mockRejectedValue(new Error('验证码错误')) });
    await screen.findByAltText('验证码');

    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(provider.login).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));

    await waitFor(() =>
      expect(provider.login).toHaveBeenCalledWith({ username: 'admin', password: '123456', code: '7', uuid: 'u-1', rememberMe: false }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
