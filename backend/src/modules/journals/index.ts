/** Public file of the journals module: what other modules may import (the boundary lint rule allows nothing else). */
export { JournalsModule } from './journals.module.js';
export { JournalsService, type EditableJournal } from './journals.service.js';
export type { PeriodJournal } from './journals.repository.js';
export { JournalFilesService, type AddedJournalVersion, type AddJournalVersionOptions, type JournalVersionSource } from './journal-files.service.js';
export { JournalDto, JournalFileDto, JournalIdQuery } from './journal.dto.js';
export { JOURNAL_DONE, JOURNAL_MESSAGES } from './journal.rules.js';
export type { JournalStatus } from './journal.entity.js';
export type { JournalStateCountRow } from './journals.repository.js';
export type { LatestJournalRow } from './journals.repository.js';
