import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A backup (`pg_dump` + the file store in one zip, docs/collect-design.md §6, §8.2). */
@Entity('backup_run')
export class BackupRun {
  @PrimaryGeneratedColumn()
  id: number;

  /** `scheduled` | `manual`. */
  @Column({ type: 'varchar', length: 10 })
  kind: string;

  /** The slot of a scheduled run: one replica claims it. */
  @Index({ unique: true })
  @Column({ type: 'timestamptz', nullable: true })
  scheduledFor: Date | null;

  /** `running` | `done` | `failed` | `expired`. */
  @Column({ type: 'varchar', length: 10 })
  status: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  storageKey: string | null;

  @Column({ type: 'bigint', nullable: true })
  size: string | null;

  @Column({ type: 'bigint', nullable: true })
  dbSize: string | null;

  @Column({ type: 'int', nullable: true })
  filesCount: number | null;

  @Column({ type: 'bigint', nullable: true })
  filesSize: string | null;

  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  startedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** Renewed every 30 s by the process making the run; a `running` run without a recent one was interrupted. */
  @Column({ type: 'timestamptz', nullable: true })
  heartbeatAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  createBy: string | null;
}
