import { describe, expect, it } from 'vitest';
import { logTitle, prettyParams, truncate } from './logText';

describe('log cells', () => {
  it('truncates long params with an ellipsis', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdefgh', 5)).toBe('abcde…');
    expect(truncate(null)).toBe('');
  });

  it('pretty-prints JSON params and leaves other text alone', () => {
    expect(prettyParams('{"username":"admin","password":"******"}')).toBe('{\n  "username": "admin",\n  "password": "******"\n}');
    expect(prettyParams('id=1')).toBe('id=1');
    expect(prettyParams(undefined)).toBe('');
  });
});

describe('logTitle', () => {
  it('falls back to the request when a line has no description', () => {
    expect(logTitle({ description: '修改密码', method: 'POST /api/users/updatePass' })).toBe('修改密码');
    expect(logTitle({ description: null, method: 'DELETE /auth/logout' })).toBe('DELETE /auth/logout');
    expect(logTitle({ description: ' ', method: null })).toBe('-');
  });
});
