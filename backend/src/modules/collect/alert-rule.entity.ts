import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/** A department's keyword alert rule (docs/collect-design.md §5.5, §6). */
@Entity('collect_alert_rule')
export class AlertRule extends BaseEntity {
  @Index()
  @Column({ type: 'int' })
  deptId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Grammar of §5.4. */
  @Column({ type: 'varchar', length: 500 })
  query: string;

  /** Sources the rule watches; empty = all. */
  @Column({ type: 'int', array: true, default: '{}' })
  webIds: number[];

  /** Classes the rule watches (a class matches its descendants); empty = all. */
  @Column({ type: 'int', array: true, default: '{}' })
  classify: number[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'boolean', default: true })
  notify: boolean;

  @Column({ type: 'int', default: 0 })
  hitCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastHitAt: Date | null;
}
