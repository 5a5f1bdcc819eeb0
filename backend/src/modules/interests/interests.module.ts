import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { NewsModule } from '../news/index.js';
import { InterestsController } from './interests.controller.js';
import { InterestsRepository } from './interests.repository.js';
import { InterestsService } from './interests.service.js';
import { NewsInterest } from './interest.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsInterest]), ClassifyModule, NewsModule], controllers: [InterestsController], providers: [InterestsService, InterestsRepository], exports: [InterestsService] })
export class InterestsModule {}
