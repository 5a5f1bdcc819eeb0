import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import type { ProductColumnRow, ProductSettingRow } from '../products/index.js';

/**
 * A manuscript (spec production-admin §3 "Manuscript"). Dynamic manuscripts come from a reviewed
 * news item (`newsId`, `content` = the reviewed translation); local uploads carry a .doc/.docx file
 * (`fileId`, every new file a version in `manuscript_file`). A manuscript is submitted to one
 * product and one or more of its columns (`manuscript_column`).
 */
@Entity('manuscript')
@Index('idx_manuscript_dept_create', ['deptId', 'createTime'])
@Index('idx_manuscript_product_create', ['productId', 'createTime'])
@Index('idx_manuscript_news', ['newsId', 'deptId'])
// A journal's copies per column in order; a source is in a journal at most once.
@Index('idx_manuscript_journal', ['journalId', 'sort'], { where: 'journal_id IS NOT NULL' })
@Index('idx_manuscript_journal_source', ['journalId', 'sourceId'], { unique: true, where: 'journal_id IS NOT NULL AND source_id IS NOT NULL' })
export class Manuscript extends BaseEntity {
  @Column({ type: 'varchar', length: 500 })
  title: string;

  /** Full text (HTML) of a dynamic manuscript; null for a local upload. */
  @Column({ type: 'text', nullable: true })
  content: string | null;

  /** The submitted abstract (abstractOrigin). */
  @Column({ type: 'text', nullable: true })
  abstracts: string | null;

  /** The editors' abstract (abstractEdit). */
  @Column({ type: 'text', nullable: true })
  abstractEdit: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  memo: string | null;

  /** Dictionary `content_type`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  contentType: string | null;

  /** Dictionary `domain_type`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  domainType: string | null;

  /** Dictionary `country`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  country: string | null;

  /** Provider (供稿). */
  @Column({ type: 'varchar', length: 100 })
  firstAuthor: string;

  /** Reviewer(s) (审稿), comma string of user ids. */
  @Column({ type: 'varchar', length: 500 })
  authorIds: string;

  @Column({ type: 'bigint', nullable: true })
  newsId: string | null;

  /** Submitting (work) department. */
  @Column({ type: 'int' })
  deptId: number;

  @Column({ type: 'int' })
  productId: number;

  // Relations declared by entity name: no module imports another's entity.
  @ManyToOne('ProductSetting', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id' })
  product: ProductSettingRow;

  @ManyToMany('ProductColumn')
  @JoinTable({ name: 'manuscript_column', joinColumn: { name: 'manuscript_id' }, inverseJoinColumn: { name: 'column_id' } })
  columns: ProductColumnRow[];

  /** Current file (the latest version) of a local upload. */
  @Column({ type: 'int', nullable: true })
  fileId: number | null;

  @Column({ type: 'int', default: 1 })
  version: number;

  /**
   * Set when the manuscript is a copy in a journal (picked, uploaded into it or pushed from a daily);
   * a copy has exactly one `manuscript_column` row: its column of the journal's product.
   */
  @Column({ type: 'int', nullable: true })
  journalId: number | null;

  /** The pool manuscript a copy was made from (null: uploaded straight into the journal). */
  @Column({ type: 'int', nullable: true })
  sourceId: number | null;

  /** A copy was reviewed (shown in a distinct style). */
  @Column({ type: 'boolean', default: false })
  isExamine: boolean;

  /** A copy of the weekly journal is selected. */
  @Column({ type: 'boolean', default: false })
  isCheck: boolean;

  /** A copy's order in its column (1-based, gaps allowed). */
  @Column({ type: 'int', default: 0 })
  sort: number;

  /** Submitter's user id (createBy is the username). */
  @Column({ type: 'int', nullable: true })
  createById: number | null;
}

/** A version of a manuscript's file (immutable). */
@Entity('manuscript_file')
@Index('idx_manuscript_file_version', ['manuscriptId', 'version'], { unique: true })
export class ManuscriptFile extends BaseEntity {
  @Column({ type: 'int' })
  manuscriptId: number;

  @ManyToOne(() => Manuscript, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'manuscript_id' })
  manuscript: Manuscript;

  @Column({ type: 'int' })
  fileId: number;

  @Column({ type: 'int' })
  version: number;
}
