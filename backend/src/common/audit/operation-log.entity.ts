import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Operation log: one row per write request (who, what, when, from where, duration, outcome). */
@Entity('sys_log')
@Index(['username', 'createTime'])
export class OperationLog {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 10 })
  logType: 'INFO' | 'ERROR';

  @Column({ type: 'varchar', length: 255 })
  method: string;

  @Column({ type: 'text', nullable: true })
  params: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  requestIp: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  browser: string | null;

  @Column({ type: 'int' })
  time: number;

  @Column({ type: 'int', nullable: true })
  status: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  username: string | null;

  @Column({ type: 'text', nullable: true })
  exceptionDetail: string | null;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;
}
