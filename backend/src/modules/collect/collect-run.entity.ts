import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CollectSource } from './collect-source.entity.js';

/** What started a run. */
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** One fetch of a source and its counts (docs/collect-design.md §5.2, §5.3, §6). */
@Entity('collect_run')
@Index('idx_collect_run_source', { synchronize: false })
@Index('idx_collect_run_started', ['startedAt'])
export class CollectRun {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  sourceId: number;

  @ManyToOne(() => CollectSource, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: CollectSource;

  @Column({ type: 'varchar', length: 8 })
  trigger: RunTrigger;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  @Column({ type: 'int' })
  durationMs: number;

  /** `ok` | `not-modified` | `error`. */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'smallint', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'int', default: 0 })
  fetched: number;

  @Column({ type: 'int', default: 0 })
  created: number;

  @Column({ type: 'int', default: 0 })
  updated: number;

  @Column({ type: 'int', default: 0 })
  duplicates: number;

  @Column({ type: 'int', default: 0 })
  bytes: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
