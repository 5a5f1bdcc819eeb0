import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** id plus the audit fields every record has (createBy/updateBy are usernames, filled by AuditSubscriber). */
export abstract class BaseEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  createBy: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  updateBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
