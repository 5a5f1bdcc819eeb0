// Wire records of the administration API, generated from the server's OpenAPI document
// (src/api/schema.d.ts, `npm run api:generate`). Times are `yyyy-MM-dd HH:mm:ss` strings.
import type { Schema } from '../api';

export type { Page } from '../api';

export interface IdStub {
  id: number;
}

/** The audit fields every record carries. */
export type Audited = Pick<Schema<'DictDto'>, 'createBy' | 'updateBy' | 'createTime' | 'updateTime'>;

/** The values of the gender field the forms offer (the server stores a string). */
export type Gender = '男' | '女';

export type User = Schema<'UserDto'>;

export type Dept = Schema<'DeptDto'>;

export type DataScope = Schema<'RoleDto'>['dataScope'];

export type Role = Schema<'RoleDto'>;

/** 0 directory, 1 menu, 2 button. */
export type MenuType = Schema<'MenuDto'>['type'];

export type MenuModule = NonNullable<Schema<'MenuDto'>['module']>;

export type Menu = Schema<'MenuDto'>;

export type Job = Schema<'JobDto'>;

export type Dict = Schema<'DictDto'>;

export type DictDetail = Schema<'DictDetailDto'>;

export type LogType = Schema<'LogDto'>['logType'];

export type LogEntry = Schema<'LogDto'>;

export type OnlineUser = Schema<'OnlineSessionDto'>;
