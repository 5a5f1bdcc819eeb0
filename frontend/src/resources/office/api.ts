// Calls of the online editor page (docs/office-api.md "Calls", "The built-in editor page, step by
// step"), through the app's one HTTP client.
import { request, requestJson } from '../../providers/http';
import type { OfficeKind, OfficeSaveResult, OfficeSession, OfficeSessionState } from './types';

export const OFFICE_PATH = 'api/office';

export const officeApi = {
  /** Opens a session: a journal version (`downloadWebOfficeJournal`) or a copy's (`openWebOffice`). */
  open(kind: OfficeKind, id: number, version?: number): Promise<OfficeSession> {
    if (kind === 'journal') {
      return requestJson<OfficeSession>('api/productJournal/downloadWebOfficeJournal', { method: 'POST', body: version ? { journalId: id, version } : { journalId: id } });
    }
    const query = new URLSearchParams({ id: String(id) });
    if (version) query.set('version', String(version));
    return requestJson<OfficeSession>(`api/productManuscript/openWebOffice?${query}`);
  },
  state: (id: string) => requestJson<OfficeSessionState>(`${OFFICE_PATH}/sessions/${encodeURIComponent(id)}`),
  heartbeat: (id: string) => requestJson<void>(`${OFFICE_PATH}/sessions/${encodeURIComponent(id)}/heartbeat`, { method: 'POST' }),
  /** Ends the session; `keepalive` so it also runs while the window goes away. */
  close: (id: string) => requestJson<void>(`${OFFICE_PATH}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', keepalive: true }),
  /** The built-in editor's save: a new version named `fileName`. */
  saveBuiltin(sessionId: string, bytes: ArrayBuffer, fileName: string): Promise<OfficeSaveResult> {
    const form = new FormData();
    form.append('sessionId', sessionId);
    form.append('file', new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), fileName);
    return requestJson<OfficeSaveResult>(`${OFFICE_PATH}/builtin/save`, { method: 'POST', body: form });
  },
  /** ONLYOFFICE's version history (`refreshHistory` payload, docs/office-design.md §2.3). */
  onlyofficeHistory: (sessionId: string) => requestJson<Record<string, unknown>>(`${OFFICE_PATH}/onlyoffice/history?${new URLSearchParams({ sessionId })}`),
  /** One version for ONLYOFFICE's history view (`setHistoryData` payload, signed by the server). */
  onlyofficeHistoryData: (sessionId: string, version: number) =>
    requestJson<Record<string, unknown>>(`${OFFICE_PATH}/onlyoffice/historyData?${new URLSearchParams({ sessionId, version: String(version) })}`),
  /** The bytes behind `builtin.fileUrl` (a file capability path, no login needed). */
  async bytes(fileUrl: string): Promise<Uint8Array> {
    const blob = (await request<Blob>(fileUrl, { responseType: 'blob' })).body;
    return new Uint8Array(await blob.arrayBuffer());
  },
};
