import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A server-side login session; the JWT only carries its id, so it can be revoked. */
@Entity('sys_session')
export class Session {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Index()
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'boolean', default: false })
  rememberMe: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  browser: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  loginTime: Date;

  @Column({ type: 'timestamptz' })
  lastAccessTime: Date;

  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}

@Entity('sys_captcha')
export class Captcha {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  uuid: string;

  @Column({ type: 'varchar', length: 16 })
  answer: string;

  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}

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

/** Deployment-wide generated settings (RSA key pair, JWT secret when not configured). */
@Entity('sys_setting')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'text' })
  value: string;
}

/** A personal access key for key login (scripts and other systems); only its SHA-256 is stored. */
@Entity('sys_access_key')
export class AccessKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** First characters of the key, shown so a person can tell keys apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  keyHash: string;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedTime: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
