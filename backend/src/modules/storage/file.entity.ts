import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/**
 * A stored file (spec production-admin §3 "File"). The bytes live behind the storage port under
 * `storageKey`, a random key that never appears on the wire (the spec's `path` is not exposed).
 * `formType` + `formId` name the record the file belongs to (a manuscript, a journal, a product's
 * template); `handlerId`/`handlerName`/`handlerDate` the user who uploaded it.
 */
@Entity('sys_file')
@Index('idx_sys_file_form', ['formType', 'formId'])
export class StoredFile extends BaseEntity {
  /** The uploaded file's name, sanitised (what a download is called). */
  @Column({ type: 'varchar', length: 255 })
  realName: string;

  /** The name without its suffix. */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Lower-case extension without the dot (`docx`). */
  @Column({ type: 'varchar', length: 16 })
  suffix: string;

  /** Kind of content: `word` for .doc/.docx, `excel`, `other`. */
  @Column({ type: 'varchar', length: 16 })
  type: string;

  /** MIME type sent on download. */
  @Column({ type: 'varchar', length: 128 })
  mime: string;

  @Column({ type: 'bigint' })
  size: string;

  @Index('idx_sys_file_sha256')
  @Column({ type: 'char', length: 64 })
  sha256: string;

  /** Key inside the storage (local root or bucket). Never serialised. */
  @Column({ type: 'varchar', length: 255 })
  storageKey: string;

  /** `manuscript` | `journal` | `product` | `report` | null (a free upload). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  formType: string | null;

  @Column({ type: 'int', nullable: true })
  formId: number | null;

  @Column({ type: 'int', nullable: true })
  handlerId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  handlerName: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  handlerDate: Date;
}
