import type { Menu, MenuModule, MenuType } from '../types';
import { type FormErrors, isBlank } from '../shared/validation';

export const MENU_TYPES: Array<{ id: string; name: string }> = [
  { id: '0', name: '目录' },
  { id: '1', name: '菜单' },
  { id: '2', name: '按钮' },
];

export const menuTypeName = (type: MenuType | number | null | undefined): string =>
  MENU_TYPES.find((t) => t.id === String(type))?.name ?? '';

export const MENU_MODULES: Array<{ id: MenuModule; name: string }> = [
  { id: 'collect', name: '数据采集' },
  { id: 'process', name: '动态跟踪' },
  { id: 'system', name: '系统管理' },
  { id: 'storage', name: '数据存储' },
];

type Flag = 'true' | 'false';

/** Radio inputs hold strings; the payload turns them back into numbers and booleans. */
export interface MenuFormValues {
  id?: number;
  type: '0' | '1' | '2';
  title: string;
  icon: string;
  iFrame: Flag;
  cache: Flag;
  hidden: Flag;
  path: string;
  component: string;
  componentName: string;
  permission: string;
  menuSort: number | string;
  module: MenuModule | '' | null;
  pid: number | null;
}

export interface MenuPayload {
  id?: number;
  type: MenuType;
  title: string;
  icon: string | null;
  iFrame: boolean;
  cache: boolean;
  hidden: boolean;
  path: string | null;
  component: string | null;
  componentName: string | null;
  permission: string | null;
  menuSort: number;
  module: MenuModule | null;
  pid: number | null;
}

export type MenuField = 'icon' | 'iFrame' | 'cache' | 'hidden' | 'path' | 'component' | 'componentName' | 'permission' | 'module';

/**
 * Which optional fields a type shows (eladmin's form): buttons only have title, permission, sort and
 * parent; directories have no permission and no component; external links (iFrame) no component.
 */
export function visibleMenuFields(type: string | number, iFrame: boolean | string): Set<MenuField> {
  const t = String(type);
  const external = String(iFrame) === 'true';
  const fields = new Set<MenuField>();
  if (t === '2') return fields.add('permission');
  fields.add('icon').add('iFrame').add('hidden').add('path').add('module');
  if (t === '1') {
    fields.add('cache').add('permission');
    if (!external) fields.add('component').add('componentName');
  }
  return fields;
}

const flag = (value: boolean | null | undefined): Flag => (value ? 'true' : 'false');

export const emptyMenuForm: MenuFormValues = {
  type: '0',
  title: '',
  icon: '',
  iFrame: 'false',
  cache: 'false',
  hidden: 'false',
  path: '',
  component: '',
  componentName: '',
  permission: '',
  menuSort: 999,
  module: 'system',
  pid: null,
};

export const menuToFormValues = (menu: Menu): MenuFormValues => ({
  id: menu.id,
  type: String(menu.type ?? 0) as MenuFormValues['type'],
  title: menu.title ?? '',
  icon: menu.icon ?? '',
  iFrame: flag(menu.iFrame),
  cache: flag(menu.cache),
  hidden: flag(menu.hidden),
  path: menu.path ?? '',
  component: menu.component ?? '',
  componentName: menu.componentName ?? '',
  permission: menu.permission ?? '',
  menuSort: menu.menuSort ?? 999,
  module: menu.module ?? '',
  pid: menu.pid ?? null,
});

const text = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** Fields the type does not show are sent empty, so a menu turned into a button loses its route. */
export function formValuesToMenu(values: MenuFormValues): MenuPayload {
  const shown = visibleMenuFields(values.type, values.iFrame);
  const pick = (field: MenuField, value: string | null | undefined) => (shown.has(field) ? text(value) : null);
  const payload: MenuPayload = {
    type: Number(values.type) as MenuType,
    title: values.title.trim(),
    icon: pick('icon', values.icon),
    iFrame: shown.has('iFrame') && values.iFrame === 'true',
    cache: shown.has('cache') && values.cache === 'true',
    hidden: shown.has('hidden') && values.hidden === 'true',
    path: pick('path', values.path),
    component: pick('component', values.component),
    componentName: pick('componentName', values.componentName),
    permission: pick('permission', values.permission),
    menuSort: Number(values.menuSort),
    module: shown.has('module') && values.module ? values.module : null,
    pid: values.pid ?? null,
  };
  return values.id === undefined || values.id === null ? payload : { id: values.id, ...payload };
}

export function validateMenuForm(values: Partial<MenuFormValues>): FormErrors<keyof MenuFormValues> {
  const errors: FormErrors<keyof MenuFormValues> = {};
  const shown = visibleMenuFields(values.type ?? '0', values.iFrame ?? 'false');
  if (isBlank(values.title)) errors.title = values.type === '2' ? '请输入按钮名称' : '请输入菜单标题';
  const sort = Number(values.menuSort);
  if (isBlank(values.menuSort) || !Number.isInteger(sort) || sort < 0) errors.menuSort = '请输入不小于 0 的整数';
  if (shown.has('path')) {
    const path = (values.path ?? '').trim();
    if (!path) errors.path = '请输入路由地址';
    else if (values.iFrame === 'true' && !/^https?:\/\//.test(path)) errors.path = '外链必须以 http:// 或者 https:// 开头';
  }
  if (values.id !== undefined && values.id !== null && values.pid === values.id) errors.pid = '上级类目不能为自己';
  return errors;
}
