// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiDownload, asArray, authHeader, buildUrl, readToken, toQueryString } from './api';

describe('toQueryString', () => {
  it('repeats array keys and drops empty values', () => {
    expect(
      toQueryString({
        blurry: 'ad min',
        enabled: true,
        deptId: null,
        name: '',
        createTime: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'],
        page: 0,
      }),
    ).toBe('blurry=ad+min&enabled=true&createTime=2024-01-01+00%3A00%3A00&createTime=2024-01-31+23%3A59%3A59&page=0');
  });

  it('is empty without params', () => {
    expect(toQueryString()).toBe('');
    expect(toQueryString({ a: undefined, b: [] })).toBe('');
  });
});

describe('token', () => {
  it('reads the HORIZON-TOKEN cookie (decoded)', () => {
    expect(readToken('theme=%23409EFF; HORIZON-TOKEN=abc.def%3D%3D; other=1')).toBe('abc.def==');
    expect(readToken('other=1')).toBeNull();
    expect(readToken('HORIZON-TOKEN=')).toBeNull();
  });

  it('sends a bearer header, without doubling the prefix', () => {
    expect(authHeader('abc')).toEqual({ Authorization: 'Bearer abc' });
    expect(authHeader('Bearer abc')).toEqual({ Authorization: 'Bearer abc' });
    expect(authHeader(null)).toEqual({});
  });
});

describe('buildUrl', () => {
  it('roots the path and appends the query', () => {
    expect(buildUrl('api/users/resetPwd')).toBe('/api/users/resetPwd');
    expect(buildUrl('/api/dictDetail', { dictName: 'user_status', page: 0 })).toBe('/api/dictDetail?dictName=user_status&page=0');
  });
});

describe('asArray', () => {
  it('accepts plain arrays and the page wrapper', () => {
    expect(asArray([1, 2])).toEqual([1, 2]);
    expect(asArray({ content: [3], totalElements: 1 })).toEqual([3]);
    expect(asArray(null)).toEqual([]);
  });
});

describe('requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'HORIZON-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends JSON with the token and parses the answer', async () => {
    document.cookie = 'HORIZON-TOKEN=tok; path=/';
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.put('api/roles/menu', { id: 1, menus: [{ id: 2 }] })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/roles/menu');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"id":1,"menus":[{"id":2}]}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it("throws the server's message with the HTTP status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 400, message: '所选部门存在用户关联' }), { status: 400 })),
    );
    const error = await api.del('api/dept', [1]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('所选部门存在用户关联');
    expect((error as ApiError).status).toBe(400);
  });

  it('falls back to a generic message when the body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 502 })));
    await expect(api.get('api/job')).rejects.toMatchObject({ message: '接口请求失败', status: 502 });
  });

  it('reads a JSON error delivered in place of a download', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 403, message: '禁止访问' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await expect(apiDownload('api/users/download')).rejects.toMatchObject({ message: '禁止访问' });
  });
});
