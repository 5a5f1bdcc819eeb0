import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChangeFeed } from './database/change-feed.js';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { PolicyRules } from './access/ability.js';
import { AbilityFactory, POLICIES } from './access/ability.factory.js';
import { AccessGuard } from './access/access.guard.js';
import { Authenticator } from './auth/authenticator.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { Challenge } from './auth/challenge.entity.js';
import { ChallengeStore } from './auth/challenge.store.js';
import { Session } from './auth/session.entity.js';
import { Setting } from './auth/setting.entity.js';
import { RateLimitCounter } from './http/rate-limit.entity.js';
import { OperationLog } from './audit/operation-log.entity.js';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { AuditNoteGuard, AuditWriter } from './audit/audit-writer.js';
import { PRINCIPAL_SOURCE, PrincipalService, type PrincipalSource } from './auth/principal.service.js';
import { RsaService } from './auth/rsa.service.js';
import { SessionRepository } from './auth/session.repository.js';
import { SessionService } from './auth/session.service.js';
import { SettingsStore } from './auth/settings.store.js';
import { TokenService } from './auth/token.service.js';
import { dataSourceOptions } from './database/data-source.js';
import { RemovalHooks } from './database/removal-hooks.js';
import { prepareDatabase, type SeedStep } from './database/prepare.js';
import { DateInterceptor } from './time/date.interceptor.js';
import { GlobalInterceptor } from './global.interceptor.js';

/** Shared kernel: configuration, database, sessions, Passport + CASL (the access guard) and the global interceptors. */
@Global()
@Module({})
export class CoreModule {
  /**
   * What the composition root (app.module.ts) hands the kernel from the modules: `policies`, their
   * record rules; `principals`, where users are read from for authorisation.
   */
  static forRoot(config: AppConfig & { databaseUrl: string; seed: SeedStep }, parts: { policies: readonly PolicyRules[]; principals: Type<PrincipalSource> }): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        JwtModule.register({}),
        TypeOrmModule.forRootAsync({
          // Each module registers its own entities (TypeOrmModule.forFeature); the glob is for the CLI.
          useFactory: () => ({ ...dataSourceOptions(config.databaseUrl), entities: [], autoLoadEntities: true }),
          dataSourceFactory: async (options) => {
            const ds = await new DataSource(options!).initialize();
            await prepareDatabase(ds, config, config.seed);
            return ds;
          },
        }),
        // The kernel's own tables: sessions, one-time answers, generated settings, rate-limit counters, the operation log.
        TypeOrmModule.forFeature([Session, Challenge, Setting, RateLimitCounter, OperationLog]),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        SettingsStore,
        RsaService,
        TokenService,
        ChangeFeed,
        SessionRepository,
        SessionService,
        ChallengeStore,
        RemovalHooks,
        { provide: POLICIES, useValue: parts.policies },
        { provide: PRINCIPAL_SOURCE, useClass: parts.principals },
        AbilityFactory,
        PrincipalService,
        Authenticator,
        JwtStrategy,
        AuditWriter,
        // Before the access guard: a refused write's audit row still gets its handler's description.
        { provide: APP_GUARD, useClass: AuditNoteGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        AuditInterceptor,
        DateInterceptor,
        // Audit outside, dates inside, as one interceptor (global.interceptor.ts).
        { provide: APP_INTERCEPTOR, useClass: GlobalInterceptor },
      ],
      exports: [APP_CONFIG, ChangeFeed, SettingsStore, ChallengeStore, RemovalHooks, RsaService, TokenService, SessionService, PrincipalService, Authenticator, AbilityFactory, AuditWriter],
    };
  }
}
