import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AccessGuard } from './AccessGuard';

const authProvider = (allowed: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => allowed,
  canAccess: async ({ resource }) => allowed.includes(resource),
});

const renderGuarded = (allowed: string[]) =>
  render(
    <MemoryRouter initialEntries={['/system/user']}>
      <AdminContext authProvider={authProvider(allowed)} store={memoryStore()}>
        <Routes>
          <Route
            path="/system/user"
            element={
              <AccessGuard resource="system/user">
                <p>用户列表</p>
              </AccessGuard>
            }
          />
          <Route path="/401" element={<p>无访问权限</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );

describe('AccessGuard', () => {
  it('renders the screen for a user who may list the resource', async () => {
    renderGuarded(['system/user']);
    expect(await screen.findByText('用户列表')).toBeTruthy();
  });

  it('sends anyone else to the no-permission page without rendering the screen', async () => {
    renderGuarded([]);
    expect(await screen.findByText('无访问权限')).toBeTruthy();
    expect(screen.queryByText('用户列表')).toBeNull();
  });
});
