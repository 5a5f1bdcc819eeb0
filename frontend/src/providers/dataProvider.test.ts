// @vitest-environment jsdom
import { HttpError } from 'react-admin';
import { createDataProvider, download, exportFileName, resolveApiPath } from './dataProvider';
import { setToken, clearToken } from './http';

const defs = [
  { name: 'system/user', apiPath: 'api/users' },
  { name: 'system/role', apiPath: 'api/roles' },
  { name: 'system/theme', apiPath: 'api/newsTheme', listPath: 'api/newsTheme/themeList' },
];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken('t0k3n', false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

describe('resolveApiPath', () => {
  it('maps resource names through the resource list, with fallbacks', () => {
    expect(resolveApiPath('system/user', defs)).toBe('api/users');
    expect(resolveApiPath('api/logs/user', defs)).toBe('api/logs/user');
    expect(resolveApiPath('newsTheme', defs)).toBe('api/newsTheme');
  });
});

describe('dataProvider', () => {
  const provider = createDataProvider(defs);

  it('getList sends page/size/sort/filters with the bearer token and maps the page', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ content: [{ id: 1, username: 'admin' }], totalElements: 21 }));
    const result = await provider.getList('system/user', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { blurry: 'ad', enabled: true },
    });
    expect(result).toEqual({ data: [{ id: 1, username: 'admin' }], total: 21 });
    const { url, headers } = lastCall();
    expect(url).toBe('/api/users?page=1&size=20&sort=id,desc&blurry=ad&enabled=true');
    expect(headers.get('Authorization')).toBe('Bearer t0k3n');
  });

  it('reads the list of a resource with a listPath there, and writes to its apiPath', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ content: [{ id: 1, title: '能源安全' }], totalElements: 1 }));
    await provider.getList('system/theme', { pagination: { page: 1, perPage: 20 }, sort: { field: 'seq', order: 'ASC' }, filter: { title: '能源' } });
    expect(lastCall().url).toBe('/api/newsTheme/themeList?page=0&size=20&sort=seq,asc&title=%E8%83%BD%E6%BA%90'); // 能源
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await provider.update('system/theme', { id: 1, data: { title: '能源' }, previousData: { id: 1 } });
    expect([lastCall().url, lastCall().init.method]).toEqual(['/api/newsTheme', 'PUT']);
  });

  it('getOne uses the detail endpoint where the API has one', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 2, name: '普通用户' }));
    expect(await provider.getOne('system/role', { id: 2 })).toEqual({ data: { id: 2, name: '普通用户' } });
    expect(lastCall().url).toBe('/api/roles/2');
  });

  it('getOne otherwise reads the list filtered by id', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ content: [{ id: 5, username: 'u5' }], totalElements: 1 }));
    expect(await provider.getOne('system/user', { id: 5 })).toEqual({ data: { id: 5, username: 'u5' } });
    expect(lastCall().url).toBe('/api/users?page=0&size=1&id=5');
  });

  it('getOne answers 404 when the list does not hold the record', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ content: [], totalElements: 0 }));
    await expect(provider.getOne('system/user', { id: 9 })).rejects.toMatchObject({ status: 404 });
  });

  it('create POSTs and returns the created record, or the sent data on an empty body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 7, name: 'x' }, 201));
    expect(await provider.create('system/role', { data: { name: 'x' } })).toEqual({ data: { id: 7, name: 'x' } });
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().init.body).toBe('{"name":"x"}');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 201 }));
    expect(await provider.create('system/role', { data: { name: 'y' } })).toEqual({ data: { name: 'y' } });
  });

  it('update PUTs to the collection with the id in the body (204 → the sent data)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const result = await provider.update('system/user', { id: 3, data: { nickName: 'n' }, previousData: { id: 3 } });
    expect(result).toEqual({ data: { id: 3, nickName: 'n' } });
    const { url, init, headers } = lastCall();
    expect([url, init.method, init.body]).toEqual(['/api/users', 'PUT', '{"nickName":"n","id":3}']);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('delete and deleteMany send DELETE with a JSON array of ids', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    expect(await provider.delete('system/user', { id: 4, previousData: { id: 4, username: 'u' } })).toEqual({
      data: { id: 4, username: 'u' },
    });
    expect([lastCall().url, lastCall().init.method, lastCall().init.body]).toEqual(['/api/users', 'DELETE', '[4]']);
    expect(await provider.deleteMany('system/user', { ids: [4, 5] })).toEqual({ data: [4, 5] });
    expect(lastCall().init.body).toBe('[4,5]');
  });

  it('turns the error body into an HttpError with the server message and status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 400, message: '用户名已存在', timestamp: 1 }, 400));
    const error = await provider.create('system/user', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: '用户名已存在', status: 400 });
  });

  it('says 接口请求失败 when the error body has no status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(provider.getList('system/user', {})).rejects.toMatchObject({ message: '接口请求失败', status: 502 });
  });
});

describe('download', () => {
  it('names the file yyyy-MM-dd HH:mm:ss-{title}数据.xlsx', () => {
    expect(exportFileName('用户', new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22 09:05:07-用户数据.xlsx');
  });

  it('shows the message of a JSON error delivered as the file', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 403, message: '没有权限' }, 200));
    await expect(download('api/users', { enabled: true }, '用户')).rejects.toMatchObject({
      message: '没有权限',
      status: 403,
    });
    expect(lastCall().url).toBe('/api/users/download?enabled=true');
  });
});
