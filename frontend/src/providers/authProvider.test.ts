import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider } from './authProvider';
import { failedMethod, rememberFailedMethod } from './http';

const forbidden = (method?: string) => {
  const error = new HttpError('权限不足，你的角色级别：3，低于操作的角色级别：2', 403, { status: 403 });
  return method ? rememberFailedMethod(error, method) : error;
};

describe('authProvider.checkError', () => {
  it('sends a refused read to the no-permission page, keeping the session', async () => {
    await expect(authProvider.checkError(forbidden('GET'))).rejects.toEqual({ logoutUser: false, redirectTo: '/401', message: false });
    await expect(authProvider.checkError(forbidden())).rejects.toMatchObject({ redirectTo: '/401' });
  });

  it('leaves a refused change to the action, which shows the server message', async () => {
    await expect(authProvider.checkError(forbidden('PUT'))).resolves.toBeUndefined();
    await expect(authProvider.checkError(forbidden('delete'))).resolves.toBeUndefined();
  });

  it('ignores other errors', async () => {
    await expect(authProvider.checkError(new HttpError('用户名 X 已存在', 400, {}))).resolves.toBeUndefined();
  });
});

describe('failedMethod', () => {
  it('remembers the method of a failed call on its error', () => {
    const error = rememberFailedMethod(new Error('x'), 'post');
    expect(failedMethod(error)).toBe('POST');
    expect(failedMethod(new Error('y'))).toBeUndefined();
    expect(failedMethod(null)).toBeUndefined();
  });
});
