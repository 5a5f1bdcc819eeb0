// The administration screens; the App renders one react-admin <Resource> per entry
// (routes /system/user, …) and the dataProvider maps `name` to `apiPath`.
import type { ComponentType } from 'react';
import monitorLogs from './monitor-logs';
import monitorOnline from './monitor-online';
import systemMt from './mt';
import systemDept from './system-dept';
import systemClassify from './system-classify';
import systemDict from './system-dict';
import systemJob from './system-job';
import systemMenu from './system-menu';
import systemRole from './system-role';
import systemTheme from './system-theme';
import systemUser from './system-user';

export interface ResourceDef {
  name: string;
  apiPath: string;
  /** Where the list is read when it is not `apiPath` (`api/newsTheme/themeList`); writes stay on `apiPath`. */
  listPath?: string;
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
  // 新闻主题 / 新闻分类 (docs/classify-theme.md); the classify screen reads its tree itself
  { name: 'system/theme', apiPath: 'api/newsTheme', listPath: 'api/newsTheme/themeList', ...systemTheme },
  { name: 'system/classify', apiPath: 'api/NewsClassify', ...systemClassify },
  // 机器翻译: engine status, failures and the glossary; the list (and CRUD) is the glossary
  { name: 'system/mt', apiPath: 'api/mtGlossary', ...systemMt },
  { name: 'monitor/online', apiPath: 'auth/online', ...monitorOnline },
  { name: 'monitor/logs', apiPath: 'api/logs', ...monitorLogs },
];
