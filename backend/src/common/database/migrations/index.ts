import { Init1795322673291 } from './1795322673291-init.js';
import { AccessKeys1795324610234 } from './1795324610234-access-keys.js';
import { NewsClassify1795326800000 } from './1795326800000-news-classify.js';
import { News1795329451079 } from './1795329451079-news.js';
import { NewsInterest1795340000000 } from './1795340000000-news-interest.js';
import { NewsDeptSort1795341000000 } from './1795341000000-news-dept-sort.js';
import { Translation1795350000000 } from './1795350000000-translation.js';
import { Production1795400000000 } from './1795400000000-production.js';
import { PasswordChange1795500000000 } from './1795500000000-password-change.js';
import { LoginHardening1795510000000 } from './1795510000000-login-hardening.js';
import { JournalCopies1795610000000 } from './1795610000000-journal-copies.js';
import { JournalProvide1795620000000 } from './1795620000000-journal-provide.js';
import { Office1795700000000 } from './1795700000000-office.js';
import { OfficeCallback1795710000000 } from './1795710000000-office-callback.js';
import { Collect1795800000000 } from './1795800000000-collect.js';
import { CollectFixes1795820000000 } from './1795820000000-collect-fixes.js';
import { ClusterLog1795830000000 } from './1795830000000-cluster-log.js';
import { Votes1795840000000 } from './1795840000000-votes.js';
import { Subscriptions1795850000000 } from './1795850000000-subscriptions.js';
import { WarnedBy1795855000000 } from './1795855000000-warned-by.js';
import { TranslationClaimTime1795860000000 } from './1795860000000-translation-claim-time.js';
import { AuthHandoff1795896000000 } from './1795896000000-auth-handoff.js';
import { SearchTimeTokens1795910000000 } from './1795910000000-search-time-tokens.js';

/** Migrations in order. Committed migrations are never edited; add a new one instead. */
export const MIGRATIONS: Array<new () => object> = [Init1795322673291, AccessKeys1795324610234, NewsClassify1795326800000, News1795329451079, NewsInterest1795340000000, NewsDeptSort1795341000000,
  Translation1795350000000, Production1795400000000, PasswordChange1795500000000,
  LoginHardening1795510000000, JournalCopies1795610000000, JournalProvide1795620000000, Office1795700000000,
  OfficeCallback1795710000000, Collect1795800000000, CollectFixes1795820000000, ClusterLog1795830000000,
  Votes1795840000000, Subscriptions1795850000000, WarnedBy1795855000000, TranslationClaimTime1795860000000, AuthHandoff1795896000000,
  SearchTimeTokens1795910000000];
