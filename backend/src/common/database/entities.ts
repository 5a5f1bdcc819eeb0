import { AccessKey, Captcha, LoginAttempt, RateLimitCounter, Session, Setting } from '../../modules/auth/auth.entities.js';
import { NewsInterest } from '../../modules/interests/interest.entity.js';
import { NewsClassify } from '../../modules/classify/classify.entity.js';
import { Dept } from '../../modules/dept/dept.entity.js';
import { Dict, DictDetail } from '../../modules/dicts/dict.entity.js';
import { Job } from '../../modules/jobs/job.entity.js';
import { OperationLog } from '../../modules/logs/log.entity.js';
import { Menu } from '../../modules/menus/menu.entity.js';
import { News, NewsCollect, NewsDept, NewsSearchHistory, NewsSuggest, NewsUser, NewsWebsite } from '../../modules/news/news.entity.js';
import { Role } from '../../modules/roles/role.entity.js';
import { MtGlossaryTerm, NewsTranslation } from '../../modules/translation/translation.entity.js';
import { NewsTheme } from '../../modules/themes/theme.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { StoredFile } from '../../modules/storage/file.entity.js';
import { ProductColumn, ProductSetting } from '../../modules/products/product.entity.js';
import { ProductJournal, ProductJournalFile } from '../../modules/journals/journal.entity.js';
import { Manuscript, ManuscriptFile } from '../../modules/manuscripts/manuscript.entity.js';

/** Every entity, listed once for the app and the migration CLI. */
export const ENTITIES = [Dept, Job, Menu, Role, User, Dict, DictDetail, OperationLog, Session, Captcha, LoginAttempt, RateLimitCounter, Setting, AccessKey, NewsClassify, NewsTheme,
  NewsWebsite, News, NewsDept, NewsUser, NewsCollect, NewsSuggest, NewsSearchHistory, NewsInterest,
  NewsTranslation, MtGlossaryTerm, StoredFile, ProductSetting, ProductColumn, ProductJournal, ProductJournalFile, Manuscript, ManuscriptFile];
