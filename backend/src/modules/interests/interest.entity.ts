import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's subscriptions (the 关注 / interest tab): source websites, classifications ("industries")
 * and themes, and how often the user is told about new items.
 * One row per user. On the wire `websiteIds` / `classifyIds` are comma strings (spec: "websiteIds (comma string)").
 */
@Entity('news_interest')
export class NewsInterest {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Index('idx_news_interest_user', { unique: true })
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'int', array: true, default: () => "'{}'" })
  websiteIds: number[];

  /** Classification ids (any level; a class includes its descendants when filtering). */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  classifyIds: number[];

  /** Theme ids (news_theme): items matching a theme's keywords. */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  themeIds: number[];

  /** How often the user is told about new subscribed items (SUBSCRIPTION_FREQUENCIES). */
  @Column({ type: 'varchar', length: 10, default: 'hourly' })
  frequency: string;

  /** The last notice (or the start of counting): the next one counts items collected after it. */
  @Column({ type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
