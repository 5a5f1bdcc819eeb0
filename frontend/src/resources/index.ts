// The administration screens; the App renders one react-admin <Resource> per entry
// (routes /system/user, …) and the dataProvider maps `name` to `apiPath`.
import type { ComponentType } from 'react';
import monitorLogs from './monitor-logs';
import monitorOnline from './monitor-online';
import systemMt from './mt';
import systemDept from './system-dept';
import systemDict from './system-dict';
import systemJob from './system-job';
import systemMenu from './system-menu';
import systemRole from './system-role';
import systemUser from './system-user';

export interface ResourceDef {
  name: string;
  apiPath: string;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

/** Create and edit happen in dialogs over the lists (eladmin style), so only `list` routes exist. */
export const resources: ResourceDef[] = [
  { name: 'system/user', apiPath: 'api/users', ...systemUser },
  { name: 'system/role', apiPath: 'api/roles', ...systemRole },
  { name: 'system/menu', apiPath: 'api/menus', ...systemMenu },
  { name: 'system/dept', apiPath: 'api/dept', ...systemDept },
  { name: 'system/job', apiPath: 'api/job', ...systemJob },
  { name: 'system/dict', apiPath: 'api/dict', ...systemDict },
  // 机器翻译: engine status, failures and the glossary; the list (and CRUD) is the glossary
  { name: 'system/mt', apiPath: 'api/mtGlossary', ...systemMt },
  { name: 'monitor/online', apiPath: 'auth/online', ...monitorOnline },
  { name: 'monitor/logs', apiPath: 'api/logs', ...monitorLogs },
];
