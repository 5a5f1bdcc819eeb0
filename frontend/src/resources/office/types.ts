// Wire shapes of the online office editor (docs/office-api.md "Records"): the session the open calls
// answer, its state, and the built-in editor's save result.

export type OfficeKind = 'journal' | 'copy';
export type OfficeEditorKind = 'builtin' | 'onlyoffice' | 'wopi';
export type OfficeMode = 'edit' | 'view';
export type OfficeReason = 'forbidden' | 'done' | 'locked' | null;

export interface OfficeUser {
  id: number;
  username: string;
  nickName: string | null;
}

export interface OfficeLock {
  holder: OfficeUser;
  since: string;
  editor: OfficeEditorKind | null;
}

export interface OfficeTarget {
  kind: OfficeKind;
  id: number;
  journalId: number;
  version: number;
  latest: number;
  title: string;
  fileName: string;
}

export interface OfficeSession {
  id: string;
  editor: OfficeEditorKind;
  mode: OfficeMode;
  reason: OfficeReason;
  target: OfficeTarget;
  lock: OfficeLock | null;
  expiresAt: string | null;
  builtin?: { fileUrl: string };
  onlyoffice?: { apiJs: string; config: Record<string, unknown> };
  wopi?: { actionUrl: string; accessToken: string; accessTokenTtl: number };
}

export type OfficeState = 'open' | 'closing' | 'saved' | 'closed' | 'error';

export interface OfficeSessionState {
  id: string;
  state: OfficeState;
  mode: OfficeMode;
  lock: OfficeLock | null;
  savedVersion: number | null;
  error: string | null;
}

export interface OfficeSaveResult {
  id: number;
  version: number;
  title: string | null;
  createTime: string;
  created: boolean;
  editor: OfficeEditorKind;
  stale: boolean;
  baseVersion: number;
  latestBefore: number | null;
}

/** The message posted on `BroadcastChannel('horizon-office')` when an editor window closes. */
export interface OfficeClosedMessage {
  type: 'office-closed';
  kind: OfficeKind;
  id: number;
  journalId: number;
  savedVersion: number | null;
  /** The editor that closed: with a document server (not `builtin`) its save may land after the message. */
  editor: OfficeEditorKind;
}
