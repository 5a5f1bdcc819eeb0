import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { HorizonNotification } from './HorizonNotification';

function Trigger() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify('编辑成功', { type: 'success' })}>edit</button>
      <button onClick={() => notify('用户名 editor 已存在', { type: 'error' })}>fail</button>
    </>
  );
}

const renderWithNotices = () =>
  render(
    <AdminContext store={memoryStore()}>
      <Trigger />
      <HorizonNotification />
    </AdminContext>,
  );

describe('HorizonNotification', () => {
  it('shows a notice as an alert of its type', async () => {
    renderWithNotices();
    fireEvent.click(screen.getByText('edit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('编辑成功');
    expect(alert.className).toContain('MuiAlert-standardSuccess');
  });

  it('replaces the notice on screen with a newer one at once', async () => {
    renderWithNotices();
    fireEvent.click(screen.getByText('edit'));
    await screen.findByText('编辑成功');
    await act(async () => {
      fireEvent.click(screen.getByText('fail'));
    });
    expect(await screen.findByText('用户名 editor 已存在')).toBeTruthy();
    expect(screen.queryByText('编辑成功')).toBeNull();
    expect(screen.getByRole('alert').className).toContain('MuiAlert-standardError');
  });
});
