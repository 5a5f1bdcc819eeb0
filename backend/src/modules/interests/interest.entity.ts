import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's subscriptions (the 关注 / interest tab): source websites and classifications ("industries").
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

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
