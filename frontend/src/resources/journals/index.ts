// The journal area's public pieces. For now the daily journal picker (spec news-tracking §2) over
// `GET api/productJournal/dailyJournalList` (docs/journals-api.md); the journal screens follow with
// the journal backend.
export { DailyJournalDialog, type DailyJournalDialogProps } from './DailyJournalDialog';
export { DAILY_JOURNAL_PAGE_SIZE, DAILY_JOURNAL_PATH, journalKeys, journalsApi } from './api';
export { dayOf, editorNames, isJournalStatus, parseEditorIds } from './format';
export { JOURNALS_I18N_PREFIX, journalsEn, journalsZh, type JournalMessages } from './i18n';
export { defaultJournalRange, type JournalRange, rangeProblem, type RangeProblem } from '../shared/dateRange/range';
export * from './types';
export { useJournalText } from './useJournalText';
