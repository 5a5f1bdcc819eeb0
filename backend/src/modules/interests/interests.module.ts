import { Module } from '@nestjs/common';
import { ClassifyModule } from '../classify/classify.module.js';
import { InterestsController } from './interests.controller.js';
import { InterestsService } from './interests.service.js';

@Module({ imports: [ClassifyModule], controllers: [InterestsController], providers: [InterestsService], exports: [InterestsService] })
export class InterestsModule {}
