import { describe, expect, it } from 'vitest';
import { abilityFromCodes } from '../../providers/ability';
import { statusMoves, workbenchAccess } from './access';

describe('what the workbench offers', () => {
  const editor = abilityFromCodes(['productJournal:list', 'productJournal:manu', 'productJournal:edit']);

  it('lets an owner with productJournal:manu edit until the journal is done', () => {
    expect(workbenchAccess(editor, { status: 'edit', canEdit: true })).toEqual({ manu: true, done: false, edit: true, moveStatus: true, journalFiles: true });
    expect(workbenchAccess(editor, { status: 'done', canEdit: true })).toMatchObject({ done: true, edit: false, moveStatus: true, journalFiles: false });
    expect(workbenchAccess(editor, { status: 'edit', canEdit: false })).toMatchObject({ edit: false, moveStatus: false });
    expect(workbenchAccess(editor, undefined).edit).toBe(false);
  });

  it('needs productJournal:manu to edit and productJournal:edit to move the state', () => {
    expect(workbenchAccess(abilityFromCodes(['productJournal:list', 'productJournal:edit']), { status: 'edit', canEdit: true })).toMatchObject({ manu: false, edit: false, moveStatus: true });
    expect(workbenchAccess(abilityFromCodes(['productJournal:manu']), { status: 'edit', canEdit: true })).toMatchObject({ edit: true, moveStatus: false, journalFiles: false });
    expect(workbenchAccess(abilityFromCodes(['admin']), { status: 'review', canEdit: true })).toMatchObject({ manu: true, edit: true, moveStatus: true });
  });

  it('offers the state moves of spec §4', () => {
    expect(statusMoves('edit', 0)).toEqual([]);
    expect(statusMoves('edit', 1)).toEqual(['submit']);
    expect(statusMoves('submit', 1)).toEqual(['done']);
    expect(statusMoves('review', 1)).toEqual(['done']);
    expect(statusMoves('done', 1)).toEqual(['review']);
  });
});
