import { Column, Entity, JoinTable, ManyToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import type { DeptRow } from '../dept/index.js';
import type { MenuRow } from '../menus/index.js';

export const DATA_SCOPES = ['全部', '本级', '自定义'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

@Entity('sys_role')
export class Role extends BaseEntity {
  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  /** Smaller number = higher rank. */
  @Column({ type: 'int', default: 3 })
  level: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20, default: '本级' })
  dataScope: DataScope;

  // Relations to other modules' tables are declared by entity name: no module imports another's entity.
  @ManyToMany('Menu')
  @JoinTable({ name: 'sys_roles_menus', joinColumn: { name: 'role_id' }, inverseJoinColumn: { name: 'menu_id' } })
  menus: MenuRow[];

  @ManyToMany('Dept')
  @JoinTable({ name: 'sys_roles_depts', joinColumn: { name: 'role_id' }, inverseJoinColumn: { name: 'dept_id' } })
  depts: DeptRow[];
}
