import { Module } from '@nestjs/common';
import { SharesController } from './shares.controller.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

@Module({ controllers: [SharesController], providers: [SharesService, SharesRepository] })
export class SharesModule {}
