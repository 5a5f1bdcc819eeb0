import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import type { DeptRow } from '../dept/index.js';
import type { JobRow } from '../jobs/index.js';
import type { RoleRow } from '../roles/index.js';

@Entity('sys_user')
export class User extends BaseEntity {
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'varchar', length: 64 })
  nickName: string;

  @Column({ type: 'varchar', length: 8, nullable: true })
  gender: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 128, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  avatarName: string | null;

  /** Password hash (argon2id). Never serialised. */
  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  pwdResetTime: Date | null;

  /** Set on create and reset (an initial password), cleared by `updatePass`: until then only the change is allowed. */
  @Column({ type: 'boolean', default: false })
  passwordChangeRequired: boolean;

  @Index()
  @Column({ type: 'int', nullable: true })
  deptId: number | null;

  // Relations to other modules' tables are declared by entity name: no module imports another's entity.
  @ManyToOne('Dept', { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'dept_id' })
  dept: DeptRow | null;

  @ManyToMany('Role')
  @JoinTable({ name: 'sys_users_roles', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'role_id' } })
  roles: RoleRow[];

  @ManyToMany('Job')
  @JoinTable({ name: 'sys_users_jobs', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'job_id' } })
  jobs: JobRow[];
}
