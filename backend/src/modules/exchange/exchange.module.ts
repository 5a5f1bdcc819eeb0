import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ExchangeJob, ExchangeTrustedKey } from './exchange.entity.js';

/**
 * Cross-network data exchange (issue 16, docs/collect-design.md §8.1): signed packages of news,
 * websites and files, exported and imported idempotently. Owns `exchange_job`, `exchange_trusted_key`.
 * Piece 1 registers the tables; piece 6 adds the jobs, the API and the screens' calls.
 */
@Module({ imports: [TypeOrmModule.forFeature([ExchangeJob, ExchangeTrustedKey])] })
export class ExchangeModule {}
