import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogsController } from './logs.controller.js';
import { LogsRepository } from './logs.repository.js';
import { LogsService } from './logs.service.js';
import { OperationLog } from './log.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([OperationLog])], controllers: [LogsController], providers: [LogsService, LogsRepository] })
export class LogsModule {}
