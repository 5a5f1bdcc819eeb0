import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsSuggest } from './share.entity.js';
import { SharesController } from './shares.controller.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsSuggest])], controllers: [SharesController], providers: [SharesService, SharesRepository] })
export class SharesModule {}
