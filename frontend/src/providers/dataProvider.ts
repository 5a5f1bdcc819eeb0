// One data provider for the eladmin-style wire contract (docs/architecture.md "Wire contract", docs/admin-api.md).
// Resource names are the menu routes (`system/user`); `resources/index.ts` maps them to API paths.
import {
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteManyParams,
  type DeleteManyResult,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetManyReferenceResult,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  HttpError,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateManyResult,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { type ResourceDef, resources as resourceDefs } from '../resources';
import { formatDateTime } from '../utils/dates';
import { request, requestJson, type RequestOptions } from './http';
import { buildListQuery, type PageBody, toListResult, withQuery } from './listQuery';

/** `system/user` → `api/users`; names that already are API paths pass through; otherwise `api/<name>`. */
export function resolveApiPath(resource: string, defs: ResourceDef[] = resourceDefs): string {
  const def = defs.find((candidate) => candidate.name === resource);
  if (def) return def.apiPath;
  if (/^(api|auth)\//.test(resource)) return resource;
  return `api/${resource}`;
}

/** Where `resource`'s list is read: its `listPath` when it has one, else its API path. */
export function resolveListPath(resource: string, defs: ResourceDef[] = resourceDefs): string {
  return defs.find((candidate) => candidate.name === resource)?.listPath ?? resolveApiPath(resource, defs);
}

export interface HorizonDataProvider extends DataProvider {
  /**
   * Any other call of the API (`api/users/center`, `api/menus/build`, ...). Call it through
   * `useDataProvider()` so a 401/403 goes through `authProvider.checkError` like every other call.
   */
  call: <T = unknown>(path: string, options?: RequestOptions) => Promise<{ data: T }>;
}

/**
 * API paths that answer `GET {path}/{id}` (docs/admin-api.md). Every other resource is read with its
 * list filtered by `id=`; a detail call answering 404/405 also falls back to the list.
 */
const MSG_NOT_FOUND = '数据不存在或已被删除';

export const DETAIL_PATHS = new Set(['api/roles']);

export function createDataProvider(defs: ResourceDef[] = resourceDefs): HorizonDataProvider {
  const pathOf = (resource: string) => resolveApiPath(resource, defs);
  const listPathOf = (resource: string) => resolveListPath(resource, defs);
  async function getList<R extends RaRecord>(resource: string, params: Partial<GetListParams>): Promise<GetListResult<R>> {
    const query = buildListQuery({ pagination: params.pagination, sort: params.sort, filter: params.filter });
    const body = await requestJson<PageBody<R> | R[]>(withQuery(listPathOf(resource), query), { signal: params.signal });
    return toListResult(body);
  }

  async function getOneFromList<R extends RaRecord>(apiPath: string, id: Identifier, signal?: AbortSignal): Promise<R> {
    const query = buildListQuery({ pagination: { page: 1, perPage: 1 }, filter: { id } });
    const { data } = toListResult(await requestJson<PageBody<R> | R[]>(withQuery(apiPath, query), { signal }));
    const record = data.find((item) => String(item.id) === String(id));
    if (!record) throw new HttpError(MSG_NOT_FOUND, 404, { status: 404, message: MSG_NOT_FOUND });
    return record;
  }

  async function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
    const apiPath = pathOf(resource);
    if (DETAIL_PATHS.has(apiPath)) {
      try {
        const url = `${apiPath}/${encodeURIComponent(String(params.id))}`;
        return { data: await requestJson<R>(url, { signal: params.signal }) };
      } catch (error) {
        if (!(error instanceof HttpError) || ![404, 405].includes(error.status)) throw error;
      }
    }
    return { data: await getOneFromList<R>(listPathOf(resource), params.id, params.signal) };
  }

  return {
    supportAbortSignal: true,

    getList,

    getOne,

    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
      const records = await Promise.all(
        params.ids.map((id) =>
          getOne<R>(resource, { id, signal: params.signal }).then(
            ({ data }) => data,
            () => undefined, // a dangling reference must not break the whole page
          ),
        ),
      );
      return { data: records.filter((record): record is Awaited<R> => record !== undefined) };
    },

    async getManyReference<R extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ): Promise<GetManyReferenceResult<R>> {
      return getList<R>(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      params: CreateParams<R>,
    ): Promise<CreateResult<Result>> {
      const body = await requestJson<Result | null>(pathOf(resource), { method: 'POST', body: params.data });
      const created = body && typeof body === 'object' ? body : (params.data as unknown as Result);
      return { data: created };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
      const sent = { ...params.data, id: params.id };
      const body = await requestJson<R | null>(pathOf(resource), { method: 'PUT', body: sent });
      return { data: body && typeof body === 'object' ? body : (sent as unknown as R) };
    },

    async updateMany<R extends RaRecord>(resource: string, params: UpdateManyParams<R>): Promise<UpdateManyResult<R>> {
      await Promise.all(
        params.ids.map((id) => requestJson(pathOf(resource), { method: 'PUT', body: { ...params.data, id } })),
      );
      return { data: params.ids as R['id'][] };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
      await requestJson(pathOf(resource), { method: 'DELETE', body: [params.id] });
      return { data: (params.previousData ?? { id: params.id }) as R };
    },

    async deleteMany<R extends RaRecord>(resource: string, params: DeleteManyParams<R>): Promise<DeleteManyResult<R>> {
      await requestJson(pathOf(resource), { method: 'DELETE', body: params.ids });
      return { data: params.ids as R['id'][] };
    },

    async call<T = unknown>(path: string, options?: RequestOptions): Promise<{ data: T }> {
      return { data: await requestJson<T>(path, options) };
    },
  };
}

export const dataProvider = createDataProvider();

/** `2026-11-22 10:00:00-用户数据.xlsx` (spec §7 "Generic list"). */
export function exportFileName(title: string, now: Date = new Date()): string {
  return `${formatDateTime(now)}-${title}数据.xlsx`;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Export: `GET {apiPath}/download?<filters>` → xlsx saved as `yyyy-MM-dd HH:mm:ss-{title}数据.xlsx`.
 * Rejects with an HttpError carrying the server's message (also when the error came inside the blob).
 */
export async function download(apiPath: string, filters: Record<string, unknown> = {}, title = ''): Promise<void> {
  const query = buildListQuery({ filter: filters });
  const { body } = await request<Blob>(withQuery(`${apiPath}/download`, query), { responseType: 'blob' });
  saveBlob(body, exportFileName(title));
}
