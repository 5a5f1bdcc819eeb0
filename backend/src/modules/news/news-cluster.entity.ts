import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { News } from './news.entity.js';

/**
 * Every source an item was seen at, with its guid there (docs/collect-design.md §4.2, §6): the same
 * URL from a second source adds a row here instead of a second item.
 */
@Entity('news_source')
@Index('idx_news_source_guid', ['webId', 'guid'], { unique: true, where: 'guid IS NOT NULL' })
export class NewsSource {
  @PrimaryColumn({ type: 'bigint' })
  newsId: string;

  @ManyToOne(() => News, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'news_id' })
  news?: News;

  @PrimaryColumn({ type: 'int' })
  webId: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  guid: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  firstSeen: Date;
}

/** A story: items about the same event (docs/collect-design.md §4.3). */
@Entity('news_cluster')
export class NewsCluster {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  /** The earliest published member. */
  @Column({ type: 'bigint' })
  leadId: string;

  @Column({ type: 'int' })
  size: number;

  /** Distinct sources over the members' `news_source` rows. */
  @Column({ type: 'int' })
  sourceCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  firstTime: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastTime: Date | null;
}

/** MinHash signatures and LSH band keys of an item (docs/collect-design.md §4.3); kept 14 days. */
@Entity('news_minhash')
@Index('idx_news_minhash_publish', ['publishTime'])
export class NewsMinhash {
  @PrimaryColumn({ type: 'bigint' })
  newsId: string;

  @OneToOne(() => News, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'news_id' })
  news?: News;

  @Column({ type: 'timestamptz' })
  publishTime: Date;

  /** 128 hashes over the item's own language. */
  @Column({ type: 'int', array: true })
  sig: number[];

  /** 128 hashes over its Chinese text (itself, or its machine translation). */
  @Column({ type: 'int', array: true, nullable: true })
  sigZh: number[] | null;

  /** The LSH band keys (85 per kind; a Chinese item only its zh ones); looked up through news_minhash_band. */
  @Column({ type: 'bigint', array: true })
  bands: string[];
}

/**
 * One LSH band key of a signature (docs/collect-design.md §4.3), for the candidate lookup: the btree
 * of the key (band, publish_time, news_id) answers `band = ANY(keys of a batch) AND publish_time in
 * the window` with index descents, where a GIN on `news_minhash.bands` made PostgreSQL filter rows
 * one by one (bench:collect: 12–30 s per batch). No foreign key and no second index, to keep the
 * ~85–170 rows an item writes cheap: rows of a removed item are harmless (the lookup joins
 * `news_minhash`) and go with the daily prune; an edited item's old keys are deleted by key.
 */
@Entity('news_minhash_band')
export class NewsMinhashBand {
  @PrimaryColumn({ type: 'bigint' })
  band: string;

  @PrimaryColumn({ type: 'timestamptz' })
  publishTime: Date;

  @PrimaryColumn({ type: 'bigint' })
  newsId: string;
}

/**
 * The story steps in commit order (docs/collect-design.md §4.3): one row per step, written under the
 * cluster lock, which is held to the commit, so `seq` order is commit order. A batch reads its LSH
 * candidates before taking the lock and notes the highest `seq`; under the lock it reads only the
 * items of the steps committed since. Rows older than a day are pruned.
 */
@Entity('news_cluster_log')
export class NewsClusterLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  /** The items whose signatures the step stored. */
  @Column({ type: 'bigint', array: true })
  newsIds: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
