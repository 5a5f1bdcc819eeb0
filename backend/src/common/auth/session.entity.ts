import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

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
