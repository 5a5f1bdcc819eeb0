/** Public file of the news module: what other modules may import (the lint rule allows nothing else). */
export { NewsModule } from './news.module.js';
export { NewsService } from './news.service.js';
export { NewsQuery } from './news.dto.js';
export { searchQuery } from './search/tokenizer.js';
export { seedDemoNews } from './seed/seed-news.js';
