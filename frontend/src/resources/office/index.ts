// The online editor page (issue 15, docs/office-design.md §4.8): route `/office/:kind/:id`.
export { OfficePage } from './OfficePage';
export { OFFICE_CHANNEL } from './logic';
export type { OfficeClosedMessage } from './types';
