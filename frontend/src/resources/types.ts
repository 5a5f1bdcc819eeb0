// Wire records of the administration API (docs/admin-api.md). Times are `yyyy-MM-dd HH:mm:ss` strings.

export interface IdStub {
  id: number;
}

export interface Audited {
  createBy?: string | null;
  updateBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export type Gender = '男' | '女';

export interface User extends Audited {
  id: number;
  username: string;
  nickName: string;
  email: string;
  phone: string;
  gender: Gender;
  avatarName?: string | null;
  enabled: boolean;
  pwdResetTime?: string | null;
  dept?: { id: number; name?: string } | null;
  roles?: Array<{ id: number; name?: string; level?: number; dataScope?: DataScope }>;
  jobs?: Array<{ id: number; name?: string }>;
}

export interface Dept extends Audited {
  id: number;
  pid: number | null;
  name: string;
  deptSort: number;
  enabled: boolean;
  subCount?: number;
  hasChildren?: boolean;
  leaf?: boolean;
  label?: string;
  children?: Dept[] | null;
}

export type DataScope = '全部' | '本级' | '自定义';

export interface Role extends Audited {
  id: number;
  name: string;
  level: number;
  dataScope: DataScope;
  description?: string | null;
  menus?: Array<{ id: number }>;
  depts?: Array<{ id: number; name?: string }>;
}

/** 0 directory, 1 menu, 2 button. */
export type MenuType = 0 | 1 | 2;

export type MenuModule = 'collect' | 'process' | 'system' | 'storage';

export interface Menu extends Audited {
  id: number;
  pid: number | null;
  type: MenuType;
  title: string;
  componentName?: string | null;
  component?: string | null;
  path?: string | null;
  menuSort: number;
  icon?: string | null;
  permission?: string | null;
  cache: boolean;
  hidden: boolean;
  iFrame: boolean;
  module?: MenuModule | null;
  subCount?: number;
  hasChildren?: boolean;
  leaf?: boolean;
  label?: string;
  children?: Menu[] | null;
}

export interface Job extends Audited {
  id: number;
  name: string;
  jobSort: number;
  enabled: boolean;
}

export interface Dict extends Audited {
  id: number;
  name: string;
  description?: string | null;
}

export interface DictDetail extends Audited {
  id: number;
  label: string;
  value: string;
  dictSort: number;
  dict?: IdStub | null;
}

export type LogType = 'INFO' | 'ERROR';

export interface LogEntry {
  id: number;
  description?: string | null;
  logType: LogType;
  method?: string | null;
  params?: string | null;
  requestIp?: string | null;
  /** `内网IP`, the region of `requestIp`, or ''. */
  address?: string | null;
  browser?: string | null;
  time?: number | null;
  username?: string | null;
  exceptionDetail?: string | null;
  createTime?: string | null;
}

export interface OnlineUser {
  key: string;
  uid?: number;
  userName: string;
  nickName?: string | null;
  dept?: string | null;
  browser?: string | null;
  ip?: string | null;
  /** `内网IP`, the region of `ip`, or ''. */
  address?: string | null;
  loginTime?: string | null;
  lastAccessTime?: string | null;
  current?: boolean;
}
