import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A user's collected (收藏) news item, with the titles as they were when collected. */
@Entity('news_collect')
@Index(['newsId', 'userId'], { unique: true })
@Index(['userId', 'createTime'])
export class NewsCollect {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  newsId: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'text', nullable: true })
  newsTitle: string | null;

  @Column({ type: 'text', nullable: true })
  newsTitleCn: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
