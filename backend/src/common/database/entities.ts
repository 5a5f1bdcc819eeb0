import { AccessKey, Captcha, LoginFailure, Session, Setting } from '../../modules/auth/auth.entities.js';
import { Dept } from '../../modules/dept/dept.entity.js';
import { Dict, DictDetail } from '../../modules/dicts/dict.entity.js';
import { Job } from '../../modules/jobs/job.entity.js';
import { OperationLog } from '../../modules/logs/log.entity.js';
import { Menu } from '../../modules/menus/menu.entity.js';
import { Role } from '../../modules/roles/role.entity.js';
import { User } from '../../modules/users/user.entity.js';

/** Every entity, listed once for the app and the migration CLI. */
export const ENTITIES = [Dept, Job, Menu, Role, User, Dict, DictDetail, OperationLog, Session, Captcha, LoginFailure, Setting, AccessKey];
