import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import type { PolicyRules } from './common/access/ability.js';
import { CoreModule } from './common/core.module.js';
import { collectionPolicy } from './modules/collections/collection.policy.js';
import { deptPolicy } from './modules/dept/dept.policy.js';
import { interestPolicy } from './modules/interests/interest.policy.js';
import { manuscriptPolicy } from './modules/manuscripts/manuscript.policy.js';
import { newsPolicy } from './modules/news/news.policy.js';
import { productPolicy } from './modules/products/product.policy.js';
import { votePolicy } from './modules/votes/vote.policy.js';
import { VotesModule } from './modules/votes/index.js';
import { sharePolicy } from './modules/shares/share.policy.js';
import { filePolicy } from './modules/storage/file.policy.js';
import { translationPolicy } from './modules/translation/translation.policy.js';
import { seedDemoData } from './modules/seed/index.js';
import { CollectionsModule } from './modules/collections/collections.module.js';
import { SharesModule } from './modules/shares/shares.module.js';
import { InterestsModule } from './modules/interests/interests.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ClassifyModule } from './modules/classify/classify.module.js';
import { DeptModule } from './modules/dept/dept.module.js';
import { DictsModule } from './modules/dicts/dicts.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { LogsModule } from './modules/logs/logs.module.js';
import { NewsModule } from './modules/news/news.module.js';
import { TranslationModule } from './modules/translation/translation.module.js';
import { PlatformModule } from './modules/platform/platform.module.js';
import { RealtimeModule } from './modules/realtime/realtime.module.js';
import { MenusModule } from './modules/menus/menus.module.js';
import { RolesModule } from './modules/roles/roles.module.js';
import { ThemesModule } from './modules/themes/themes.module.js';
import { UsersModule, UsersPrincipalSource } from './modules/users/index.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { ProductsModule } from './modules/products/products.module.js';
import { JournalsModule } from './modules/journals/journals.module.js';
import { ManuscriptsModule } from './modules/manuscripts/manuscripts.module.js';
import { WorkbenchModule } from './modules/workbench/workbench.module.js';
import { OfficeModule } from './modules/office/index.js';
import { CollectModule } from './modules/collect/index.js';
import { ExchangeModule } from './modules/exchange/index.js';
import { BackupModule } from './modules/backup/index.js';
import { StatisticsModule } from './modules/statistics/index.js';
import { DashboardModule } from './modules/dashboard/index.js';
import { ScreenModule } from './modules/screen/index.js';

/** The record rules of every module, folded into each caller's CASL ability (see common/access/ability.ts). */
export const POLICY_RULES: readonly PolicyRules[] = [newsPolicy, manuscriptPolicy, filePolicy, productPolicy, interestPolicy, deptPolicy, sharePolicy, collectionPolicy, votePolicy];

/** The record rules of this configuration: POLICY_RULES plus the ones a setting shapes. */
export const policyRules = (config: AppConfig): readonly PolicyRules[] => [...POLICY_RULES, translationPolicy(config.reviewAllowSelf)];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig & { databaseUrl: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot({ ...config, seed: seedDemoData }, { policies: policyRules(config), principals: UsersPrincipalSource }), HealthModule, AuthModule, UsersModule, DeptModule, RolesModule, MenusModule, JobsModule, DictsModule, LogsModule, ClassifyModule, ThemesModule, NewsModule, CollectionsModule, SharesModule, InterestsModule, PlatformModule, RealtimeModule, TranslationModule, StorageModule, ProductsModule, JournalsModule, ManuscriptsModule, WorkbenchModule, OfficeModule, CollectModule, ExchangeModule, BackupModule, VotesModule, StatisticsModule, DashboardModule, ScreenModule],
    };
  }
}
