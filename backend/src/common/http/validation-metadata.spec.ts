import { IsInt, IsOptional, IsString, MetadataStorage, validateSync } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata.js';

describe('memoizeValidationMetadata', () => {
  it('answers the same rules as class-validator, once per class, and sees rules registered later', () => {
    class Base {
      @IsInt()
      page!: unknown;
    }
    class Query extends Base {
      @IsOptional()
      @IsString()
      content?: unknown;
    }
    const storage = new MetadataStorage();
    const global = jest.requireActual<typeof import('class-validator')>('class-validator').getMetadataStorage();
    // copy the two classes' rules into a private storage, so the global one is left alone
    for (const target of [Base, Query]) {
      for (const m of global.getTargetValidationMetadatas(target, '', false, false)) if (m.target === target) storage.addValidationMetadata(m);
    }
    const plain = storage.getTargetValidationMetadatas(Query, '', false, false).map((m) => `${m.propertyName}:${m.type}`).sort();
    memoizeValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Query, '', false, false);
    expect(first.map((m) => `${m.propertyName}:${m.type}`).sort()).toEqual(plain);
    expect(storage.getTargetValidationMetadatas(Query, '', false, false)).toBe(first); // memoised
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    // a rule registered afterwards is seen
    const extra = global.getTargetValidationMetadatas(Base, '', false, false)[0];
    storage.addValidationMetadata({ ...extra, propertyName: 'size' } as typeof extra);
    expect(storage.getTargetValidationMetadatas(Query, '', false, false).map((m) => m.propertyName)).toContain('size');
  });

  it('keeps validation working on the global storage', () => {
    memoizeValidationMetadata();
    class Page {
      @IsInt()
      size!: unknown;
    }
    expect(validateSync(Object.assign(new Page(), { size: 5 }))).toHaveLength(0);
    expect(validateSync(Object.assign(new Page(), { size: 'x' }))).toHaveLength(1);
    class Late {
      @IsString()
      name!: unknown;
    }
    expect(validateSync(Object.assign(new Late(), { name: 3 }))).toHaveLength(1);
  });
});
