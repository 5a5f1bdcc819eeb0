// Calls of the data storage screens: `api/dataExchange` (packages, keys) and `api/backup`
// (docs/collect-design.md §7 "Exchange", "Backup"; backend/src/modules/{exchange,backup}).
import { api, asArray } from '../../resources/api';
import { followDownloadLink } from '../../resources/shared/files/api';
import type { DownloadToken } from '../../resources/shared/files/types';

export type JobKind = 'export' | 'import';
export type JobStatus = 'uploading' | 'queued' | 'running' | 'done' | 'failed';

/** One problem of an import (`report.problems`, the first 100). */
export interface ImportProblem {
  line?: number | null;
  url?: string | null;
  message: string;
}

/** `ExchangeJobDto` of `api/dataExchange/jobs`. Sizes may come as strings (bigint columns). */
export interface ExchangeJob {
  id: number;
  kind: JobKind;
  status: JobStatus;
  phase?: string | null;
  fileName?: string | null;
  size?: number | string | null;
  received?: number | string | null;
  total?: number | null;
  processed?: number | null;
  created?: number | null;
  updated?: number | null;
  skipped?: number | null;
  failed?: number | null;
  signer?: string | null;
  error?: string | null;
  report?: { problems?: ImportProblem[]; unknownClasses?: string[]; [key: string]: unknown } | null;
  createTime?: string | null;
  finishedAt?: string | null;
}

export interface ExportRequest {
  startTime: string;
  endTime: string;
  classify?: number[];
  webIds?: number[];
  blurry?: string;
  withFiles: boolean;
}

export interface OwnKey {
  publicKey: string;
  fingerprint: string;
}

export interface TrustedKey {
  id: number;
  name: string;
  publicKey?: string;
  fingerprint: string;
  createTime?: string | null;
}

/** `GET api/backup/status`. `pgDump` is the tool found (path and version), when one was. */
export interface BackupStatus {
  available: boolean;
  reason?: string | null;
  pgDump?: string | { path?: string | null; version?: string | null } | null;
  schedule?: string | null;
  retention?: number | null;
  lastRun?: BackupRun | null;
}

export interface BackupRun {
  id: number;
  kind: 'scheduled' | 'manual' | string;
  status: 'running' | 'done' | 'failed' | 'expired' | string;
  fileName?: string | null;
  storageKey?: string | null;
  size?: number | string | null;
  dbSize?: number | string | null;
  filesCount?: number | null;
  filesSize?: number | string | null;
  durationMs?: number | null;
  error?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  createBy?: string | null;
}

export interface SourceLight {
  id: number;
  name: string;
  url?: string;
}

export const EXCHANGE_PATH = 'api/dataExchange';
export const BACKUP_PATH = 'api/backup';

/** A job still moving: polled until it is done or failed. */
export const isActive = (status: string | undefined | null) => status === 'uploading' || status === 'queued' || status === 'running';

/** A bigint that came as a string or a number; 0 when absent. */
export const num = (value: number | string | null | undefined): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

interface PageOf<T> {
  content: T[];
  totalElements: number;
}

function page<T>(body: PageOf<T> | T[] | null | undefined): PageOf<T> {
  if (Array.isArray(body)) return { content: body, totalElements: body.length };
  return { content: asArray(body ?? null), totalElements: body?.totalElements ?? 0 };
}

/** Query keys; all start with `horizon` so react-admin's refresh invalidates them too. */
export const storageKeys = {
  all: ['horizon', 'storage'] as const,
  jobs: (kind: JobKind) => ['horizon', 'storage', 'jobs', kind] as const,
  job: (id: number) => ['horizon', 'storage', 'job', id] as const,
  ownKey: ['horizon', 'storage', 'key'] as const,
  trusted: ['horizon', 'storage', 'trustedKeys'] as const,
  sources: ['horizon', 'storage', 'sources'] as const,
  backupStatus: ['horizon', 'storage', 'backup', 'status'] as const,
  backupRuns: ['horizon', 'storage', 'backup', 'runs'] as const,
};

/**
 * Asks for a short-lived signed link (`POST …/downloadToken`) and lets the browser follow it: a
 * package or a backup may be many GB, so the bytes go to the download manager, never into a Blob.
 */
async function downloadThroughLink(tokenPath: string): Promise<void> {
  followDownloadLink((await api.post<DownloadToken>(tokenPath)).url);
}

export const exchangeApi = {
  jobs: async (kind: JobKind, size = 50) => page(await api.get<PageOf<ExchangeJob>>(`${EXCHANGE_PATH}/jobs`, { kind, page: 0, size })),
  job: (id: number) => api.get<ExchangeJob>(`${EXCHANGE_PATH}/jobs/${id}`),
  createExport: (body: ExportRequest) => api.post<ExchangeJob>(`${EXCHANGE_PATH}/exports`, body),
  createImport: (body: { fileName: string; size: number }) => api.post<ExchangeJob>(`${EXCHANGE_PATH}/imports`, body),
  resume: (id: number) => api.post<ExchangeJob>(`${EXCHANGE_PATH}/imports/${id}/resume`),
  deleteJobs: (ids: number[]) => api.del<unknown>(`${EXCHANGE_PATH}/jobs`, ids),
  ownKey: () => api.get<OwnKey>(`${EXCHANGE_PATH}/key`),
  trustedKeys: async () => asArray(await api.get<TrustedKey[] | PageOf<TrustedKey>>(`${EXCHANGE_PATH}/trustedKeys`)),
  addTrustedKey: (body: { name: string; publicKey: string }) => api.post<TrustedKey>(`${EXCHANGE_PATH}/trustedKeys`, body),
  deleteTrustedKeys: (ids: number[]) => api.del<unknown>(`${EXCHANGE_PATH}/trustedKeys`, ids),
  /** The package through a signed link (saved under the job's file name, which the server sends). */
  download: (job: ExchangeJob) => downloadThroughLink(`${EXCHANGE_PATH}/exports/${job.id}/downloadToken`),
  sources: async () => asArray(await api.get<SourceLight[]>('api/collectionWebsite/findAll')),
};

/** The name a backup is saved under: its own, else the last part of its storage key. */
export function backupFileName(run: BackupRun): string {
  return run.fileName || run.storageKey?.split('/').pop() || `horizon-backup-${run.id}.zip`;
}

export const backupApi = {
  status: () => api.get<BackupStatus>(`${BACKUP_PATH}/status`),
  runs: async (size = 50) => page(await api.get<PageOf<BackupRun>>(`${BACKUP_PATH}/runs`, { page: 0, size })),
  start: () => api.post<BackupRun>(`${BACKUP_PATH}/runs`),
  deleteRuns: (ids: number[]) => api.del<unknown>(`${BACKUP_PATH}/runs`, ids),
  /** The backup through a signed link (saved under its file name, which the server sends). */
  download: (run: BackupRun) => downloadThroughLink(`${BACKUP_PATH}/runs/${run.id}/downloadToken`),
};
