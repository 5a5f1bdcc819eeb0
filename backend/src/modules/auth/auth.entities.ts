import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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
