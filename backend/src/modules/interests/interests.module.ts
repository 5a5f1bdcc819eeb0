import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { NewsModule } from '../news/index.js';
import { InterestsController, SubscriptionFrequencyController } from './interests.controller.js';
import { SubscriptionNotifier } from './subscription-notifier.service.js';
import { InterestsRepository } from './interests.repository.js';
import { InterestsService } from './interests.service.js';
import { NewsInterest } from './interest.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsInterest]), ClassifyModule, NewsModule], controllers: [InterestsController, SubscriptionFrequencyController],
  providers: [InterestsService, InterestsRepository, SubscriptionNotifier], exports: [InterestsService] })
export class InterestsModule {}
