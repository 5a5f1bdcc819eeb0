import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Failed logins per username (lower-cased), one row: the lockout window. Every password check first
 * reserves an attempt here in one statement, so parallel guesses cannot overtake the limit.
 */
@Entity('sys_login_attempt')
export class LoginAttempt {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'int', default: 0 })
  failures: number;

  @Index('idx_sys_login_attempt_window')
  @Column({ type: 'timestamptz', default: () => 'now()' })
  windowStart: Date;
}
