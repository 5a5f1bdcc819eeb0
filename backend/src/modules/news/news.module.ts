import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { DictsModule } from '../dicts/index.js';
import { NewsController } from './news.controller.js';
import { NewsAnalysisController } from './news-analysis.controller.js';
import { NewsAnalysisRepository } from './news-analysis.repository.js';
import { NewsAnalysisService } from './news-analysis.service.js';
import { NewsDeskRepository } from './news-desk.repository.js';
import { NewsDesk } from './news-desk.service.js';
import { NewsScreenRepository } from './news-screen.repository.js';
import { NewsScreen } from './news-screen.service.js';
import { NewsTranslation } from './news-desk.entity.js';
import { NewsDiscoverController } from './news-discover.controller.js';
import { NewsDiscoverService } from './news-discover.service.js';
import { NewsExportController } from './news-export.controller.js';
import { NewsExportService } from './news-export.service.js';
import { NewsRepository } from './news.repository.js';
import { NewsService } from './news.service.js';
import { NewsWebsites } from './news-websites.js';
import { NewsIngest } from './news-ingest.js';
import { NewsIngestRepository } from './news-ingest.repository.js';
import { NewsCluster, NewsClusterLog, NewsMinhash, NewsMinhashBand, NewsSource } from './news-cluster.entity.js';
import { News, NewsDept, NewsSearchHistory, NewsUser, NewsWebsite } from './news.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([News, NewsDept, NewsSearchHistory, NewsTranslation, NewsUser, NewsWebsite, NewsSource, NewsCluster, NewsMinhash, NewsMinhashBand, NewsClusterLog]), ClassifyModule, DictsModule], controllers: [NewsController, NewsDiscoverController, NewsExportController, NewsAnalysisController], providers: [NewsRepository, NewsAnalysisRepository, NewsAnalysisService, NewsService, NewsDiscoverService, NewsExportService, NewsWebsites, NewsIngest, NewsIngestRepository, NewsDeskRepository, NewsDesk, NewsScreenRepository, NewsScreen], exports: [NewsService, NewsWebsites, NewsIngest, NewsDesk, NewsScreen] })
export class NewsModule {}
