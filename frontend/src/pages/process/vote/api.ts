// Calls of 动态投票 (docs/votes.md): the list on `api/productManuscript/voteList`, the rest on
// `api/manuscriptVote`.
import { exportFileName, saveBlob } from '../../../providers/dataProvider';
import { request, requestJson } from '../../../providers/http';
import { toQueryString, type QueryParams } from '../../../resources/api';
import type { CandidatePreview, ProductOption, VoteCreateInput, VoteDetail, VotePage, VoteState } from './types';

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};
const send = <T>(method: 'POST' | 'DELETE', path: string, body: unknown) => requestJson<T>(path, { method, body });

const VOTE_PATH = 'api/manuscriptVote';

export interface VoteListFilter {
  state?: VoteState;
  page?: number;
  size?: number;
}

export const voteApi = {
  /** Open votes first, newest first (the server's default order). */
  list: (filter: VoteListFilter, signal?: AbortSignal) => get<VotePage>('api/productManuscript/voteList', { ...filter }, signal),
  info: (id: number, signal?: AbortSignal) => get<VoteDetail>(`${VOTE_PATH}/info`, { id }, signal),
  candidates: (q: { productId: number; startDate: string; endDate: string }, signal?: AbortSignal) => get<CandidatePreview[]>(`${VOTE_PATH}/candidates`, q, signal),
  /** The products whose journals the caller edits: those a vote may be opened on. */
  products: (signal?: AbortSignal) => get<ProductOption[]>('api/productSetting/all', { editable: true }, signal),
  create: (input: VoteCreateInput) => send<VoteDetail>('POST', VOTE_PATH, input),
  cast: (voteId: number, manuscriptId: number) => send<VoteDetail>('POST', `${VOTE_PATH}/ballot`, { voteId, manuscriptId }),
  withdraw: (voteId: number, manuscriptId: number) => send<VoteDetail>('DELETE', `${VOTE_PATH}/ballot`, { voteId, manuscriptId }),
  close: (id: number) => send<VoteDetail>('POST', `${VOTE_PATH}/close`, { id }),
  remove: (ids: number[]) => send<unknown>('DELETE', VOTE_PATH, ids),
  /** Saves the closed vote's result as `yyyy-MM-dd HH:mm:ss-<title>投票结果数据.xlsx` (the export name rule). */
  download: async (id: number, title: string) => {
    const { body } = await request<Blob>(`${VOTE_PATH}/download?id=${id}`, { responseType: 'blob' });
    saveBlob(body, exportFileName(`${title}投票结果`));
  },
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const voteKeys = {
  all: ['horizon', 'votes'] as const,
  list: (filter: VoteListFilter) => ['horizon', 'votes', 'list', filter] as const,
  one: (id: number) => ['horizon', 'votes', 'one', id] as const,
  candidates: (productId: number, startDate: string, endDate: string) => ['horizon', 'votes', 'candidates', productId, startDate, endDate] as const,
  products: ['horizon', 'votes', 'products'] as const,
};
