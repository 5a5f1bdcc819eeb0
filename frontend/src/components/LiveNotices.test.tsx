import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { createI18nProvider } from '../providers/i18n/i18nProvider';
import { broadcastLive, type LiveMessage } from '../providers/socket';
import { LIVE_NOTICE_DURATION, LIVE_NOTICE_MAX, LiveNotices } from './LiveNotices';

const release = vi.fn();
const acquire = vi.fn(() => release);

vi.mock('../providers/socket', async (original) => ({
  ...(await original<typeof import('../providers/socket')>()),
  acquireLive: () => acquire(),
}));

const warn = (over: Partial<LiveMessage> = {}): LiveMessage => ({ msgType: 'WARN', title: '新闻预警', msg: '张编辑 将新闻《储能》标记为预警', ...over });

const renderNotices = (locale = 'zh') =>
  render(
    <AdminContext store={memoryStore()} i18nProvider={createI18nProvider(locale)}>
      <LiveNotices />
    </AdminContext>,
  );

const push = (message: LiveMessage) => act(() => broadcastLive(message));

describe('LiveNotices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    acquire.mockClear();
    release.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the channel open while mounted', () => {
    const { unmount } = renderNotices();
    expect(acquire).toHaveBeenCalledTimes(1);
    expect(release).not.toHaveBeenCalled();
    unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('shows nothing until a message arrives, then a warning with its title and content', () => {
    renderNotices();
    expect(screen.queryByRole('alert')).toBeNull();
    push(warn());
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('MuiAlert-standardWarning');
    expect(within(alert).getByText('新闻预警')).toBeTruthy();
    expect(alert.textContent).toContain('张编辑 将新闻《储能》标记为预警');
    expect(screen.getByRole('region', { name: '实时通知' })).toBeTruthy();
  });

  it('renders INFO as a warning too and ERROR as an error', () => {
    renderNotices();
    push(warn({ msgType: 'INFO', title: '收到分享' }));
    push(warn({ msgType: 'ERROR', title: '失败' }));
    const [info, error] = screen.getAllByRole('alert');
    expect(info.className).toContain('MuiAlert-standardWarning');
    expect(error.className).toContain('MuiAlert-standardError');
  });

  it('renders the HTML content sanitised', () => {
    renderNotices();
    push(warn({ msg: '<b>加粗</b><img src="x" onerror="window.__pwned=1"><script>window.__pwned=1</script><a href="javascript:alert(1)">链接</a>' }));
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('b')?.textContent).toBe('加粗');
    expect(alert.querySelector('script')).toBeNull();
    expect(alert.innerHTML).not.toContain('onerror');
    expect(alert.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows the title as text, never as markup', () => {
    renderNotices();
    push(warn({ title: '<i>标题</i>' }));
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('i')).toBeNull();
    expect(within(alert).getByText('<i>标题</i>')).toBeTruthy();
  });

  it('stacks several messages, newest last, at most five', () => {
    renderNotices();
    for (let i = 1; i <= LIVE_NOTICE_MAX + 1; i++) push(warn({ title: `消息${i}` }));
    const titles = screen.getAllByRole('alert').map((a) => a.querySelector('.MuiAlertTitle-root')?.textContent);
    expect(titles).toEqual(['消息2', '消息3', '消息4', '消息5', '消息6']);
  });

  it('closes each message 10 s after it arrived', () => {
    renderNotices();
    push(warn({ title: '第一条' }));
    act(() => vi.advanceTimersByTime(4000));
    push(warn({ title: '第二条' }));
    act(() => vi.advanceTimersByTime(LIVE_NOTICE_DURATION - 4000 - 1));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('第一条')).toBeNull();
    expect(screen.getByText('第二条')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds a message while hovered', () => {
    renderNotices();
    push(warn());
    const alert = screen.getByRole('alert');
    act(() => vi.advanceTimersByTime(9000));
    fireEvent.mouseEnter(alert);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.mouseLeave(alert);
    act(() => vi.advanceTimersByTime(LIVE_NOTICE_DURATION));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes a message with its close button (zh label), leaving the others', () => {
    renderNotices();
    push(warn({ title: '甲' }));
    push(warn({ title: '乙' }));
    fireEvent.click(screen.getAllByRole('button', { name: '关闭' })[0]);
    expect(screen.queryByText('甲')).toBeNull();
    expect(screen.getByText('乙')).toBeTruthy();
  });

  it('speaks English when asked, with a fallback title', () => {
    renderNotices('en');
    push(warn({ title: '' }));
    expect(screen.getByText('New message')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
