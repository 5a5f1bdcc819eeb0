import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

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
