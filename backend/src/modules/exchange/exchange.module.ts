import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { NewsModule } from '../news/index.js';
import { StorageModule } from '../storage/index.js';
import { ExchangeController } from './exchange.controller.js';
import { ExchangeJob, ExchangeTrustedKey } from './exchange.entity.js';
import { ExchangeKeys } from './exchange-keys.js';
import { ExchangeRepository } from './exchange.repository.js';
import { ExchangeRunner } from './exchange-runner.js';
import { ExchangeService } from './exchange.service.js';

/**
 * Cross-network data exchange (issue 16, docs/collect-design.md §8.1, docs/data-storage.md): signed
 * packages of news, websites and files, exported and imported idempotently from resumable chunked
 * uploads. Owns `exchange_job`, `exchange_trusted_key`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ExchangeJob, ExchangeTrustedKey]), StorageModule, NewsModule, ClassifyModule],
  controllers: [ExchangeController],
  providers: [ExchangeRepository, ExchangeKeys, ExchangeRunner, ExchangeService],
  exports: [ExchangeRunner],
})
export class ExchangeModule {}
