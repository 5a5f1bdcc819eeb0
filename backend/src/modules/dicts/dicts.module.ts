import { Module } from '@nestjs/common';
import { DictDetailsService } from './dict-details.service.js';
import { DictDetailsController, DictsController } from './dicts.controller.js';
import { DictsService } from './dicts.service.js';

@Module({ controllers: [DictsController, DictDetailsController], providers: [DictsService, DictDetailsService], exports: [DictDetailsService] })
export class DictsModule {}
