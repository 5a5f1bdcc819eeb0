/** Public file of the news module: what other modules may import (the boundary lint rule allows nothing else). */
export { NewsModule } from './news.module.js';
export { NewsService } from './news.service.js';
export { NewsDesk } from './news-desk.service.js';
export type { DeskFiguresRow, TranslationThroughputRow } from './news-desk.repository.js';
export { NewsScreen } from './news-screen.service.js';
export type { ScreenFiguresRow, ScreenReviewedRow, ScreenWarnedRow } from './news-screen.repository.js';
export { MT_STATUSES, NEWS_PAGE_EXTRA, NewsQuery, NewsRowDto } from './news.dto.js';
export { DESK } from './news.policy.js';
export { searchQuery } from './search/tokenizer.js';
export { seedDemoNews } from './seed/seed-news.js';
export { NewsWebsites, type WebsiteFields } from './news-websites.js';
export { NewsIngest, type IngestItem, type IngestOrigin, type IngestResult, type NewsIngestPort } from './news-ingest.js';
export { readForMatching, type MatchableItem } from './news-items.js';
