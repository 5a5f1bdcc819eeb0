import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/** id of the root classification '全部' (the drawer's root node). */
export const CLASSIFY_ROOT_ID = 9999;
/** Code of the noise classification: setting an item as noise moves it here. */
export const NOISE_CODE = 'A5000';

/** A news classification: a tree under the root '全部' (id 9999, pid null). */
@Entity('news_classify')
export class NewsClassify extends BaseEntity {
  @Index()
  @Column({ type: 'int', nullable: true })
  pid: number | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 32, nullable: true, unique: true })
  code: string | null;

  @Column({ type: 'int', default: 999 })
  seq: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;
}
