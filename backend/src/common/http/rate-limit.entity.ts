import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Per-address request counters of the login throttle (`auth/login`, `auth/keyLogin`, `auth/code`) when Redis is not configured. */
@Entity('sys_rate_limit')
export class RateLimitCounter {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ type: 'int' })
  hits: number;

  @Index('idx_sys_rate_limit_reset')
  @Column({ type: 'timestamptz' })
  resetAt: Date;
}
