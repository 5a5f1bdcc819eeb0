// Test helper (the *.test.tsx files only): a signed-in 管理员 (id 1) with the given roles and
// permissions, every call a spy.
import type { AuthProvider } from 'react-admin';
import { vi } from 'vitest';

export function fakeAuthProvider(permissions: string[] = ['admin']): AuthProvider {
  return {
    login: vi.fn(),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 1, fullName: '管理员' })),
    getPermissions: vi.fn(async () => permissions),
  };
}
