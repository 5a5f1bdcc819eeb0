import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/**
 * One submitted version of a department's translation of an item (the history behind
 * `news_dept.content_trans`). Written when the editor submits for review; the review fills
 * examine_*; a release of a later claim restores the latest of these rows.
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

  /** Submission time. */
  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}

/** A term of the machine-translation glossary: every engine's output uses `target` for `source`. */
@Entity('mt_glossary')
@Index('idx_mt_glossary_source', ['source'], { unique: true })
export class MtGlossaryTerm extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  source: string;

  @Column({ type: 'varchar', length: 200 })
  target: string;

  @Column({ type: 'boolean', default: false })
  caseSensitive: boolean;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'varchar', length: 500, nullable: true })
  memo: string | null;
}
