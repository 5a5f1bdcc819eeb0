import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A news item shared (分享) by one user with another, with a note; kept when the item is deleted. */
@Entity('news_suggest')
@Index(['fromId', 'createTime'])
@Index(['toId', 'createTime'])
export class NewsSuggest {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  newsId: string;

  @Column({ type: 'text', nullable: true })
  newsTitle: string | null;

  @Column({ type: 'text', nullable: true })
  newsTitleCn: string | null;

  @Column({ type: 'int' })
  fromId: number;

  @Column({ type: 'int' })
  toId: number;

  @Column({ type: 'text', nullable: true })
  content: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
