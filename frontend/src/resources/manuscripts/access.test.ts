import { describe, expect, it } from 'vitest';
import { manuscriptAbilities, rowAbilities, visibleTabs } from './access';

describe('manuscript access', () => {
  it('shows 全部 only to admin or manuscript:admin', () => {
    expect(visibleTabs(manuscriptAbilities(['manuscript:list', 'manuscript:add']))).toEqual(['my', 'dept']);
    expect(visibleTabs(manuscriptAbilities(['manuscript:admin']))).toEqual(['my', 'dept', 'all']);
    expect(visibleTabs(manuscriptAbilities(['admin']))).toEqual(['my', 'dept', 'all']);
    expect(visibleTabs(manuscriptAbilities(['manuscript:edit', 'manuscript:del']))).toEqual(['my', 'dept']);
  });

  it('maps the permission codes', () => {
    expect(manuscriptAbilities(['manuscript:add'])).toEqual({ add: true, edit: false, del: false, admin: false });
    expect(manuscriptAbilities(['admin'])).toEqual({ add: true, edit: true, del: true, admin: true });
  });

  it('lets the submitter edit the abstract and delete, but the columns only with manuscript:edit', () => {
    const plain = manuscriptAbilities(['manuscript:list']);
    const mine = { createBy: { id: 5, username: 'me' } };
    const theirs = { createBy: { id: 6, username: 'other' } };
    expect(rowAbilities(mine, plain, 5)).toEqual({ view: true, editColumn: false, editAbstract: true, delete: true });
    expect(rowAbilities(theirs, plain, 5)).toEqual({ view: true, editColumn: false, editAbstract: false, delete: false });
    expect(rowAbilities({ createBy: null }, plain, undefined)).toEqual({ view: true, editColumn: false, editAbstract: false, delete: false });
    const editor = manuscriptAbilities(['manuscript:edit', 'manuscript:del']);
    expect(rowAbilities(theirs, editor, 5)).toEqual({ view: true, editColumn: true, editAbstract: true, delete: true });
  });
});
