import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

@Entity('sys_dept')
export class Dept extends BaseEntity {
  @Index()
  @Column({ type: 'int', nullable: true })
  pid: number | null;

  @Column({ type: 'int', default: 0 })
  subCount: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'int', default: 999 })
  deptSort: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;
}
