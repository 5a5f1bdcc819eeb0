import { Module } from '@nestjs/common';
import { ClassifyModule } from '../classify/classify.module.js';
import { NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

@Module({ imports: [ClassifyModule], controllers: [NewsController], providers: [NewsService], exports: [NewsService] })
export class NewsModule {}
