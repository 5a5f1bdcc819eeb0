import { Column, Entity, JoinTable, ManyToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';
import { Dept } from '../dept/dept.entity.js';
import { Menu } from '../menus/menu.entity.js';

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

  @ManyToMany(() => Menu)
  @JoinTable({ name: 'sys_roles_menus', joinColumn: { name: 'role_id' }, inverseJoinColumn: { name: 'menu_id' } })
  menus: Menu[];

  @ManyToMany(() => Dept)
  @JoinTable({ name: 'sys_roles_depts', joinColumn: { name: 'role_id' }, inverseJoinColumn: { name: 'dept_id' } })
  depts: Dept[];
}
