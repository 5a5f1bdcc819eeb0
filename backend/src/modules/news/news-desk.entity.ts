import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One submitted version of a department's translation of an item (the history behind
 * `news_dept.content_trans`). Written when the editor submits for review; the review fills
 * examine_*; a release of a later claim restores the latest of these rows. Owned by the news module
 * with `news_dept` (written only by NewsDeskRepository); the translation module drives the workflow
 * through NewsDesk.
 */
@Entity('news_translation')
@Index('idx_news_translation_version', ['newsId', 'deptId', 'version'], { unique: true })
export class NewsTranslation {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  newsId: string;

  @Column({ type: 'int' })
  deptId: number;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'text' })
  content: string;

  /** 'examine' (submitted, waiting for review) | 'done' (reviewed). */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'int', nullable: true })
  editorId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  editorName: string | null;

  @Column({ type: 'int', nullable: true })
  examineId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  examineName: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  examineTime: Date | null;

  /** When the claim that produced this version started (copied from news_dept; null before 2026-11). */
  @Column({ type: 'timestamptz', nullable: true })
  claimTime: Date | null;

  /** Submission time. */
  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
