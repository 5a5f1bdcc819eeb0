import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

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

/**
 * A one-time handoff code (`POST auth/handoff` → `POST auth/handoff/exchange`): a page opened in a
 * window of its own gets a session without the login token travelling in a URL. Only the SHA-256 of
 * the code is stored; 60 seconds, one use.
 */
@Entity('sys_auth_handoff')
export class AuthHandoff {
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'PK_sys_auth_handoff' })
  codeHash: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  purpose: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
