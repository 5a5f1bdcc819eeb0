import { describe, expect, it } from 'vitest';
import { abilityFromCodes } from '../../providers/ability';
import { manuscriptAbilities, rowAbilities, visibleTabs } from './access';
import { testAbility } from './testSupport';

const codes = (roles: string[]) => manuscriptAbilities(abilityFromCodes(roles));
const ME = { id: 5, username: 'me' };

describe('manuscript access', () => {
  it('shows 全部 only to admin or manuscript:admin', () => {
    expect(visibleTabs(codes(['manuscript:list', 'manuscript:add']))).toEqual(['my', 'dept']);
    expect(visibleTabs(codes(['manuscript:admin']))).toEqual(['my', 'dept', 'all']);
    expect(visibleTabs(codes(['admin']))).toEqual(['my', 'dept', 'all']);
    expect(visibleTabs(codes(['manuscript:edit', 'manuscript:del']))).toEqual(['my', 'dept']);
  });

  it('maps the permission codes', () => {
    expect(codes(['manuscript:add'])).toEqual({ add: true, edit: false, del: false, admin: false });
    expect(codes(['admin'])).toEqual({ add: true, edit: true, del: true, admin: true });
  });

  it('lets the submitter edit the abstract and delete, but the columns only with manuscript:edit', () => {
    const plain = testAbility(ME, ['manuscript:list']);
    const mine = { createBy: { id: 5, username: 'me' } };
    const theirs = { createBy: { id: 6, username: 'other' } };
    expect(rowAbilities(mine, plain)).toEqual({ view: true, editColumn: false, editAbstract: true, delete: true });
    expect(rowAbilities(theirs, plain)).toEqual({ view: true, editColumn: false, editAbstract: false, delete: false });
    expect(rowAbilities({ createBy: null }, plain)).toEqual({ view: true, editColumn: false, editAbstract: false, delete: false });
    const editor = testAbility(ME, ['manuscript:edit', 'manuscript:del']);
    expect(rowAbilities(theirs, editor)).toEqual({ view: true, editColumn: true, editAbstract: true, delete: true });
    // without the record rules (codes only) nobody's own row opens up
    expect(rowAbilities(mine, abilityFromCodes(['manuscript:list']))).toEqual({ view: true, editColumn: false, editAbstract: false, delete: false });
    expect(rowAbilities(theirs, abilityFromCodes(['admin']))).toEqual({ view: true, editColumn: true, editAbstract: true, delete: true });
  });
});
