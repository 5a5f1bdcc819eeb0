import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DictDetailsService } from './dict-details.service.js';
import { DictDetailsController, DictsController } from './dicts.controller.js';
import { DictsRepository } from './dicts.repository.js';
import { DictsService } from './dicts.service.js';
import { Dict, DictDetail } from './dict.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([Dict, DictDetail])], controllers: [DictsController, DictDetailsController], providers: [DictsService, DictDetailsService, DictsRepository], exports: [DictDetailsService] })
export class DictsModule {}
