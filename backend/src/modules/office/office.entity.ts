import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What an office session edits: a journal's document (its versions) or a journal manuscript copy (its file versions). */
export const OFFICE_TARGET_KINDS = ['journal', 'copy'] as const;
export type OfficeTargetKind = (typeof OFFICE_TARGET_KINDS)[number];
/** The editors a session runs in (`OFFICE_EDITOR` minus `none`). */
export const OFFICE_EDITOR_KINDS = ['builtin', 'onlyoffice', 'wopi'] as const;
export type OfficeEditor = (typeof OFFICE_EDITOR_KINDS)[number];
export const OFFICE_MODES = ['edit', 'view'] as const;
export type OfficeMode = (typeof OFFICE_MODES)[number];
/**
 * `open` while the page works; `closing` after the page closed until the document server's last save
 * (ONLYOFFICE status 2/4, WOPI UNLOCK); then `saved`, `closed` or `error`.
 */
export const OFFICE_STATES = ['open', 'closing', 'saved', 'closed', 'error'] as const;
export type OfficeState = (typeof OFFICE_STATES)[number];

const inList = (column: string, values: readonly string[]) => `"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`;

/** One opening of a target in an editor, by one user (docs/office-design.md §4.2). */
@Entity('office_session')
@Index('idx_office_session_target', ['targetKind', 'targetId'], { where: 'ended_at IS NULL' })
@Check('chk_office_session_kind', inList('target_kind', OFFICE_TARGET_KINDS))
@Check('chk_office_session_editor', inList('editor', OFFICE_EDITOR_KINDS))
@Check('chk_office_session_mode', inList('mode', OFFICE_MODES))
@Check('chk_office_session_state', inList('state', OFFICE_STATES))
export class OfficeSession {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 8 })
  targetKind: OfficeTargetKind;

  /** The journal id or the copy (manuscript) id. */
  @Column({ type: 'int' })
  targetId: number;

  /** The journal (of the copy). */
  @Column({ type: 'int' })
  journalId: number;

  /** The version the session opened (and, after each of its saves, the version it saved). */
  @Column({ type: 'int' })
  baseVersion: number;

  @Column({ type: 'int' })
  baseFileId: number;

  @Column({ type: 'varchar', length: 12 })
  editor: OfficeEditor;

  @Column({ type: 'varchar', length: 4 })
  mode: OfficeMode;

  @Column({ type: 'int' })
  userId: number;

  /** The browser origin of the page that opened it (WOPI `PostMessageOrigin`). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  origin: string | null;

  /** The ONLYOFFICE document key the session was opened with. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  docKey: string | null;

  @Column({ type: 'varchar', length: 8, default: 'open' })
  state: OfficeState;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Last sign of life (open, heartbeat, a document server's request). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  seenAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** When the document server first called back for the session (ONLYOFFICE); null: it never did. */
  @Column({ type: 'timestamptz', nullable: true })
  callbackAt: Date | null;
}

/** The single writer of a target: the edit session holding it until `expiresAt` (30 minutes after the last refresh). */
@Entity('office_lock')
export class OfficeLock {
  @PrimaryColumn({ type: 'varchar', length: 8 })
  targetKind: OfficeTargetKind;

  @PrimaryColumn({ type: 'int' })
  targetId: number;

  @Column({ type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => OfficeSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session: OfficeSession;

  @Column({ type: 'int' })
  userId: number;

  /** The WOPI client's lock id (`X-WOPI-Lock`, ≤ 1024 ASCII characters), when a WOPI client holds it. */
  @Column({ type: 'varchar', length: 1024, nullable: true })
  wopiLock: string | null;

  @Column({ type: 'timestamptz' })
  acquiredAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}

/**
 * Metadata of a version an editor saved: who, when, through which editor (docs/office-design.md §4.2).
 * Keyed by the version's stored file (a save always stores a new file; version numbers can be reused).
 */
@Entity('office_save')
@Index('idx_office_save_file', ['fileId'], { unique: true })
@Index('idx_office_save_digest', ['callbackDigest'], { unique: true })
export class OfficeSave {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 8 })
  targetKind: OfficeTargetKind;

  @Column({ type: 'int' })
  targetId: number;

  @Column({ type: 'int' })
  fileId: number;

  @Column({ type: 'uuid', nullable: true })
  sessionId: string | null;

  @Column({ type: 'varchar', length: 12 })
  editor: OfficeEditor;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  savedAt: Date;

  /** The version the saving session was based on. */
  @Column({ type: 'int', nullable: true })
  baseVersion: number | null;

  /** Saved on top of an older version (someone else added one meanwhile). */
  @Column({ type: 'boolean', default: false })
  stale: boolean;

  /** WOPI `X-COOL-WOPI-IsAutosave`. */
  @Column({ type: 'boolean', nullable: true })
  autosave: boolean | null;

  /** WOPI `X-COOL-WOPI-IsModifiedByUser`. */
  @Column({ type: 'boolean', nullable: true })
  modifiedByUser: boolean | null;

  /** WOPI `X-COOL-WOPI-IsExitSave`. */
  @Column({ type: 'boolean', nullable: true })
  exitSave: boolean | null;

  /** ONLYOFFICE `forcesavetype` (status 6). */
  @Column({ type: 'smallint', nullable: true })
  forcesaveType: number | null;

  /** ONLYOFFICE callback `history` (`{serverVersion, changes}`). */
  @Column({ type: 'jsonb', nullable: true })
  ooHistory: unknown;

  /** The stored ONLYOFFICE `changes.zip` (form type `office-changes`). */
  @Column({ type: 'int', nullable: true })
  ooChangesFileId: number | null;

  /** sha256 of ONLYOFFICE key + status + lastsave: a repeated callback stores nothing twice. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  callbackDigest: string | null;
}
