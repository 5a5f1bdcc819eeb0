import { CreateDateColumn, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AlertRule } from './alert-rule.entity.js';

/** An item a rule matched (docs/collect-design.md §5.5, §6); removed with the item (RemovalHooks step `news`). */
@Entity('collect_alert_hit')
export class AlertHit {
  @PrimaryColumn({ type: 'int' })
  ruleId: number;

  @ManyToOne(() => AlertRule, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rule_id' })
  rule?: AlertRule;

  @Index()
  @PrimaryColumn({ type: 'bigint' })
  newsId: string;

  @Column({ type: 'int', nullable: true })
  deptId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
