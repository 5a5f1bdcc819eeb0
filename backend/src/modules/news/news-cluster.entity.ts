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
@Index('idx_news_minhash_bands', { synchronize: false })
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

  /** 32 band keys of each kind (GIN-indexed). */
  @Column({ type: 'bigint', array: true })
  bands: string[];
}
