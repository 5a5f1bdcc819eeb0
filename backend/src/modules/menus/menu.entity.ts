import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

export enum MenuType {
  Directory = 0,
  Menu = 1,
  Button = 2,
}

/** Launch-page module a menu belongs to (sidebar filter). */
export const MENU_MODULES = ['collect', 'process', 'system', 'storage'] as const;
export type MenuModule = (typeof MENU_MODULES)[number];

@Entity('sys_menu')
export class Menu extends BaseEntity {
  @Index()
  @Column({ type: 'int', nullable: true })
  pid: number | null;

  @Column({ type: 'int', default: 0 })
  subCount: number;

  @Column({ type: 'smallint' })
  type: MenuType;

  @Column({ type: 'varchar', length: 100, unique: true })
  title: string;

  /** Router/component name (eladmin column `name`). */
  @Column({ name: 'name', type: 'varchar', length: 100, nullable: true, unique: true })
  componentName: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  component: string | null;

  @Column({ type: 'int', default: 999 })
  menuSort: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  icon: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  path: string | null;

  @Column({ type: 'boolean', default: false })
  iFrame: boolean;

  @Column({ type: 'boolean', default: false })
  cache: boolean;

  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  permission: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  module: MenuModule | null;
}
