import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import { ProductJournal } from './journal.entity.js';

/**
 * A stored provider count of a journal (spec production-admin §3 "Provider count", docs/workbench-api.md
 * `api/productJournalProvide`): how many manuscripts a unit (`dept_id`) provided to a column of the
 * issue. Without a row the count is the number of the journal's copies of that column from that unit.
 */
@Entity('product_journal_provide')
@Index('idx_product_journal_provide', ['journalId', 'columnId', 'deptId'], { unique: true })
@Check('chk_product_journal_provide_count', '"provide_count" >= 0')
export class ProductJournalProvide extends BaseEntity {
  @Column({ type: 'int' })
  journalId: number;

  @ManyToOne(() => ProductJournal, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'journal_id' })
  journal: ProductJournal;

  /** A column of the journal's product (`product_column.id`). */
  @Column({ type: 'int' })
  columnId: number;

  /** The providing unit (`sys_dept.id`): the source unit of the copies. */
  @Column({ type: 'int' })
  deptId: number;

  @Column({ type: 'int', default: 0 })
  provideCount: number;
}
