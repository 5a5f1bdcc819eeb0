/** Public file of the manuscripts module: what other modules may import (the boundary lint rule allows nothing else). */
export { ManuscriptsModule } from './manuscripts.module.js';
export { ManuscriptStatsService } from './manuscript-stats.service.js';
export type { PeriodCountRow } from './manuscript.repository.js';
export { JournalCopies, POOL_PAGE_SIZE, type CopyJournal, type CopyPatch, type PoolQuery, type UploadFields } from './journal-copies.service.js';
export {
  CountDto,
  JOURNAL_COPY_MESSAGES,
  JournalColumnDto,
  JournalManuscriptDto,
  JournalManuscriptVersionDto,
  PoolManuscriptDto,
  SORT_STALE,
} from './journal-copies.dto.js';
export { BatchResultDto, MANUSCRIPT_MESSAGES, ManuscriptUpdateDto, parseFields, toIdCsv } from './manuscript.dto.js';
