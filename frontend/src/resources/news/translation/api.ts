// Calls of the translation workbench (backend/src/modules/translation: `api/news/...`). Every call
// names the work department (workflow.ts `workDeptId`).
import { HttpError } from 'react-admin';
import { requestJson } from '../../../providers/http';
import { toQueryString, type QueryParams } from '../../api';
import type { Schema } from '../../../api';
import type { NewsInfo } from '../types';

export type TransStatus = 'edit' | 'examine' | 'done';

/** A department's translation state of an item (`translationState`, and the answer of every transition). */
export interface TranslationState {
  id: number;
  deptId: number;
  /** null = untranslated. */
  transStatus: TransStatus | null;
  /** State of the latest submitted version ('examine' / 'done'). */
  isProcessed: string | null;
  contentTrans: string | null;
  /** 0 = nothing yet. */
  version: number;
  editorId: number | null;
  editorName: string | null;
  examineId: number | null;
  examineName: string | null;
  updateTime: string | null;
  /** The department's own Chinese title (null = none: lists show the machine one); missing on older servers. */
  titleCn?: string | null;
}

/** A submitted version (`translationVersions`, newest first). */
export interface TranslationVersion {
  version: number;
  status: 'examine' | 'done';
  content: string;
  editorId: number | null;
  editorName: string | null;
  examineId: number | null;
  examineName: string | null;
  examineTime: string | null;
  createTime: string;
}

export type LatestVersion = Schema<'LatestVersionDto'>;

export type DiffPart = Schema<'DiffPart'>;

export type TranslationDiff = Schema<'TranslationDiffDto'>;

export type MtStatus = Schema<'NewsInfoDto'>['mtStatus'];

/** `api/news/info` (with the machine-translation fields). */
export type WorkbenchInfo = NewsInfo;

/** `POST api/news/doTranslate`. */
export type MachineTranslation = Schema<'MtResultDto'>;

/** `mt` of `GET api/platform/settings` (missing on older servers: unknown). */
export interface MtSettings {
  engine?: string | null;
  configured: boolean;
}

export interface SubmitContent {
  status: TransStatus;
  contentTrans?: string;
  version?: number;
  /** The department's Chinese title, saved with the text (blank = back to the machine title). */
  titleCn?: string;
}

/** Longest Chinese title the server accepts (`content.titleCn`). */
export const MAX_TITLE_CN = 500;

/** Stable machine codes of the errors the workbench reacts to. */
export const TRANSLATION_CODES = {
  locked: 'NEWS_TRANSLATION_LOCKED',
  stale: 'NEWS_TRANSLATION_STALE',
  selfReview: 'NEWS_TRANSLATION_SELF_REVIEW',
  mtNotConfigured: 'MT_NOT_CONFIGURED',
  mtFailed: 'MT_ENGINE_FAILED',
} as const;

/** The `code` of an API error (`{status, message, code}`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body as { code?: unknown } | null | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
}

const get = <T>(path: string, query?: QueryParams) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path);
};
const post = <T>(path: string, body: unknown) => requestJson<T>(path, { method: 'POST', body });

export const translationApi = {
  state: (id: number, deptId: number | undefined) => get<TranslationState>('api/news/translationState', { id, deptId }),
  submit: (id: number, deptId: number | undefined, content: SubmitContent) => post<TranslationState>('api/news/submitTranslate', { id, deptId, content }),
  /** "我要翻译": the server prefills the text (country + machine translation) when none is sent. */
  claim: (id: number, deptId: number | undefined) => translationApi.submit(id, deptId, { status: 'edit' }),
  /** `titleCn` undefined = the title is left as it is. */
  save: (id: number, deptId: number | undefined, contentTrans: string, titleCn?: string) =>
    translationApi.submit(id, deptId, { status: 'edit', contentTrans, ...(titleCn === undefined ? {} : { titleCn }) }),
  submitForReview: (id: number, deptId: number | undefined, contentTrans: string, titleCn?: string) =>
    translationApi.submit(id, deptId, { status: 'examine', contentTrans, ...(titleCn === undefined ? {} : { titleCn }) }),
  /** `version` = the version on screen (a stale one → 409 NEWS_TRANSLATION_STALE). */
  review: (id: number, deptId: number | undefined, version: number) => translationApi.submit(id, deptId, { status: 'done', version }),
  release: (id: number, deptId: number | undefined) => post<TranslationState>('api/news/releaseTranslate', { id, deptId }),
  latestVersion: (id: number, deptId: number | undefined) => get<LatestVersion>('api/news/latestVersion', { id, deptId }),
  versions: (id: number, deptId: number | undefined) => get<TranslationVersion[]>('api/news/translationVersions', { id, deptId }),
  /** `to` omitted = the current draft. */
  diff: (id: number, deptId: number | undefined, from: number, to?: number | null) =>
    get<TranslationDiff>('api/news/translationDiff', { id, deptId, from, to: to ?? undefined }),
  machineTranslate: (id: number) => post<MachineTranslation>('api/news/doTranslate', { id }),
  /** The item again (machine-translation progress). */
  info: (id: number, deptId: number | undefined) => get<WorkbenchInfo>('api/news/info', { id, deptId }),
  settings: () => get<{ mt?: MtSettings | null } | null>('api/platform/settings'),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const translationKeys = {
  all: ['horizon', 'news', 'translation'] as const,
  state: (id: number, deptId: number | undefined) => ['horizon', 'news', 'translation', 'state', id, deptId ?? null] as const,
  versions: (id: number, deptId: number | undefined) => ['horizon', 'news', 'translation', 'versions', id, deptId ?? null] as const,
  diff: (id: number, deptId: number | undefined, from: number, to: number | null) =>
    ['horizon', 'news', 'translation', 'diff', id, deptId ?? null, from, to] as const,
  mt: (id: number) => ['horizon', 'news', 'translation', 'mt', id] as const,
  /** Same key as pages/process/usePlatformSettings (same call, same answer). */
  settings: ['horizon', 'platform', 'settings'] as const,
};
