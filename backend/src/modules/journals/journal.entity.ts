import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import type { ProductSettingRow } from '../products/index.js';

/** Journal status (spec production-admin §4): edit 0, submit 1, done 2, review 3 — strings on the wire. */
export const JOURNAL_STATUSES = ['edit', 'submit', 'done', 'review'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

/** An issue of a product (spec §3 "Journal"). (product, year, journalNo) is unique. */
@Entity('product_journal')
@Index('idx_product_journal_no', ['productId', 'year', 'journalNo'], { unique: true })
@Index('idx_product_journal_create', ['createTime'])
export class ProductJournal extends BaseEntity {
  @Column({ type: 'int' })
  productId: number;

  // Declared by entity name: no module imports another's entity.
  @ManyToOne('ProductSetting', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id' })
  product: ProductSettingRow;

  @Column({ type: 'int' })
  year: number;

  /** 期号 within the year. */
  @Column({ type: 'int' })
  journalNo: number;

  /** 总期号 across years. */
  @Column({ type: 'int' })
  totalNo: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  editorIds: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  memo: string | null;

  @Column({ type: 'date', nullable: true })
  planPublishTime: string | null;

  /** Finalisation time (set on done). */
  @Column({ type: 'timestamptz', nullable: true })
  publishTime: Date | null;

  @Column({ type: 'varchar', length: 8, default: 'edit' })
  status: JournalStatus;
}

/** A version of the journal document (immutable; every upload or generation adds one). */
@Entity('product_journal_file')
@Index('idx_product_journal_file_version', ['journalId', 'version'], { unique: true })
export class ProductJournalFile extends BaseEntity {
  @Column({ type: 'int' })
  journalId: number;

  @ManyToOne(() => ProductJournal, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'journal_id' })
  journal: ProductJournal;

  @Column({ type: 'int' })
  fileId: number;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  title: string | null;
}
