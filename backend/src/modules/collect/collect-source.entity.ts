import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** How a source is read (docs/collect-design.md §3.3): a feed of a known format, a list page with selectors, or discovery. */
export const SOURCE_TYPES = ['rss', 'atom', 'json', 'html', 'auto'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** CSS selectors of an `html` source (docs/collect-design.md §3.3). */
export interface SourceSelectors {
  item: string;
  link: string;
  title: string;
  time?: string;
  body?: string;
  linkAttr?: string;
  timeAttr?: string;
}

/** A routing rule: items matching `query` (grammar of §5.4) get the classes `classify`. */
export interface SourceRule {
  query: string;
  classify: number[];
}

/** Outcome of the last run (§5.3). */
export const RUN_STATUSES = ['ok', 'not-modified', 'error'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * The collection settings and schedule state of a source (docs/collect-design.md §6): 1:1 with its
 * `news_website` row (same id = the news `webId`), which the news module owns.
 */
@Entity('collect_source')
@Index('idx_collect_source_due', ['nextCheckAt'], { where: 'enabled' })
@Index('idx_collect_source_host', ['host'])
@Check('chk_collect_source_type', `"type" IN (${SOURCE_TYPES.map((t) => `'${t}'`).join(', ')})`)
export class CollectSource {
  @PrimaryColumn({ type: 'int' })
  id: number;

  // Declared by entity name: no module imports another's entity.
  @OneToOne('NewsWebsite', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id' })
  website?: unknown;

  @Column({ type: 'varchar', length: 1000 })
  feedUrl: string;

  @Column({ type: 'varchar', length: 8, default: 'auto' })
  type: SourceType;

  @Column({ type: 'varchar', length: 255 })
  host: string;

  /** Default leaf classes of the source's items. */
  @Column({ type: 'int', array: true, default: '{}' })
  classify: number[];

  @Column({ type: 'int', default: 30 })
  intervalMinutes: number;

  @Column({ type: 'boolean', default: true })
  adaptive: boolean;

  @Column({ type: 'int', default: 30 })
  effectiveIntervalMinutes: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'boolean', default: false })
  fullText: boolean;

  @Column({ type: 'jsonb', nullable: true })
  selectors: SourceSelectors | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  rules: SourceRule[];

  /** IANA zone for dates without one (§3.4). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  timezone: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastCheckAt: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextCheckAt: Date;

  @Column({ type: 'varchar', length: 16, nullable: true })
  lastStatus: RunStatus | null;

  @Column({ type: 'smallint', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'int', default: 0 })
  errorCount: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'int', default: 0 })
  itemCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastItemAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  etag: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastModified: string | null;

  /** SHA-256 hex of the last 200 body (servers that ignore conditional GET, §5.2). */
  @Column({ type: 'char', length: 64, nullable: true })
  bodyHash: string | null;

  /** The claim of a run (§5.1): no two runs of one source overlap. */
  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  /** When the failing notice went out (once until the source recovers, §5.2). */
  @Column({ type: 'timestamptz', nullable: true })
  failingNotifiedAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  createBy: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  updateBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
