import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

@Entity('sys_job')
export class Job extends BaseEntity {
  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  @Column({ type: 'int', default: 999 })
  jobSort: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;
}
