import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A source site of collected news (the `webId` filter). */
@Entity('news_website')
export class NewsWebsite {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 500 })
  url: string;

  @Column({ type: 'varchar', length: 8, nullable: true })
  language: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  country: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}

export interface NewsFile {
  name: string;
  size: number;
  storageId?: number;
}

/** A collected news item. Global: every department sees the same item; its work on it is in news_dept. */
@Entity('news')
@Index('idx_news_publish', ['publishTime', 'id'], { where: 'NOT is_noise' })
@Index('idx_news_create', ['createTime', 'id'], { where: 'NOT is_noise' })
@Index('idx_news_count', ['count', 'id'], { where: 'NOT is_noise' })
@Index('idx_news_mt_open', { synchronize: false })
@Index('idx_news_publish_lead', { synchronize: false })
@Index('idx_news_cluster', ['clusterId'], { where: 'cluster_id IS NOT NULL' })
export class News {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  titleCn: string | null;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'text', nullable: true })
  contentHtml: string | null;

  /** Machine translation of the content (HTML when the item has HTML, else plain text). */
  @Column({ type: 'text', nullable: true })
  contentCn: string | null;

  /** Machine translation state: 'pending' | 'running' | 'done' | 'failed' | 'skipped' (already Chinese) | null (never asked). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  mtStatus: string | null;

  /** Last machine-translation failure (engine message), null after a success. */
  @Column({ type: 'text', nullable: true })
  mtError: string | null;

  /** When mtStatus last changed. */
  @Column({ type: 'timestamptz', nullable: true })
  mtTime: Date | null;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ type: 'timestamptz' })
  publishTime: Date;

  @Index()
  @Column({ type: 'int', nullable: true })
  webId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  webName: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  language: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  country: string | null;

  /** Who entered it: a username for manual entries (`imports`), null for collected items. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  createBy: string | null;

  /** Id of the item at its source (for `deleteBySourceIds`). */
  @Index()
  @Column({ type: 'varchar', length: 200, nullable: true })
  sourceId: string | null;

  @Column({ type: 'int', default: 0 })
  count: number;

  @Index('idx_news_keywords', { synchronize: false })
  @Column({ type: 'text', array: true, default: '{}' })
  keywords: string[];

  /** Leaf classification ids. */
  @Index('idx_news_classify', { synchronize: false })
  @Column({ type: 'int', array: true, default: '{}' })
  classify: number[];

  /** True when classify holds the noise class (A5000): such items leave every list but the noise filter. */
  @Column({ type: 'boolean', default: false })
  isNoise: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  files: NewsFile[];

  /** Tokens of titles (weight A) and bodies (weight D); see news/search/tokenizer.ts. */
  @Index('idx_news_search', { synchronize: false })
  @Column({ type: 'tsvector', nullable: true, select: false })
  search: string | null;

  /** First 8 bytes of SHA-256 of title + text (docs/collect-design.md §3.6): an edited item is told from a duplicate. */
  @Column({ type: 'bigint', nullable: true })
  contentHash: string | null;

  /** The story cluster (`news_cluster`, docs/collect-design.md §4.3), null while alone. */
  @Column({ type: 'bigint', nullable: true })
  clusterId: string | null;

  /** True for a cluster's lead and for unclustered items (the `collapse=1` list). */
  @Column({ type: 'boolean', default: true })
  clusterLead: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  clusterCheckedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}

/** A department's work on an item: tracking, warning, choice, processing, abstracts, overrides, translation. */
@Entity('news_dept')
@Index(['deptId', 'isRecommend'])
@Index(['deptId', 'isChoice'])
@Index('idx_news_dept_publish', { synchronize: false })
export class NewsDept {
  @PrimaryColumn({ type: 'bigint' })
  newsId: string;

  @PrimaryColumn({ type: 'int' })
  deptId: number;

  @Column({ type: 'boolean', default: false })
  isRecommend: boolean;

  @Column({ type: 'boolean', default: false })
  yj: boolean;

  @Column({ type: 'boolean', default: false })
  isChoice: boolean;

  /** Who warned the item (a nick name, or 预警规则 for an alert rule); null when not warned. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  yjBy: string | null;

  /** When it was warned; null when not warned. */
  @Column({ type: 'timestamptz', nullable: true })
  yjTime: Date | null;

  /** 'examine' | 'done' | null. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  isProcessed: string | null;

  @Column({ type: 'text', nullable: true })
  abstracts: string | null;

  /** Department overrides; null = the global value. */
  @Column({ type: 'text', array: true, nullable: true })
  keywords: string[] | null;

  @Column({ type: 'int', array: true, nullable: true })
  classify: number[] | null;

  @Column({ type: 'text', nullable: true })
  titleCn: string | null;

  /** Translation workflow: 'edit' | 'examine' | 'done' | null (issue 5). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  transStatus: string | null;

  @Column({ type: 'int', nullable: true })
  editorId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  editorName: string | null;

  @Column({ type: 'int', nullable: true })
  examineId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  examineName: string | null;

  @Column({ type: 'text', nullable: true })
  contentTrans: string | null;

  /** When the current claim started (set when an editor takes the item; statistics, docs/statistics.md). */
  @Column({ type: 'timestamptz', nullable: true })
  claimTime: Date | null;

  @Column({ type: 'int', default: 0 })
  version: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  updateBy: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;

  /**
   * Copies of the item's publish time and noise flag and the effective classification
   * (COALESCE(classify, news.classify)), kept by triggers (migration NewsDeptSort) so the department
   * tabs page and count from news_dept alone (news-design.md "Department tabs at 1 M rows").
   */
  @Column({ type: 'timestamptz', nullable: true })
  publishTime: Date | null;

  @Column({ type: 'boolean', default: false })
  isNoise: boolean;

  @Column({ type: 'int', array: true, nullable: true })
  effClassify: number[] | null;
}

/** Per-user read state. */
@Entity('news_user')
@Index(['userId', 'newsId'])
export class NewsUser {
  @PrimaryColumn({ type: 'bigint' })
  newsId: string;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @CreateDateColumn({ type: 'timestamptz' })
  readTime: Date;
}

@Entity('news_search_history')
@Index(['userId', 'createTime'])
export class NewsSearchHistory {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 200 })
  content: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
