import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Work a removal step leaves for after the deleting transaction committed (removing stored bytes). */
export type AfterRemoval = () => Promise<void>;

/**
 * What a module drops of records of another module's table that are being deleted, in the deleting
 * transaction. It may answer work to do once that transaction committed (see `run`).
 */
export type RemovalStep = (em: EntityManager, ids: Array<number | string>) => Promise<void | AfterRemoval>;

/**
 * The kernel's hook for deletions that reach across modules. The owner of a table deletes its rows
 * and, in the same transaction, runs the steps other modules registered under that table's name:
 * `sys_user` (the auth module's access keys go with an account), `news` (the collections module's
 * rows go with an item), `product_journal` (the manuscripts module's journal copies go with a
 * journal). A step may also refuse (throw): `news_classify` (the news module keeps a class its items
 * are filed under). So every table is written by its owner only, and nothing is left behind.
 */
@Injectable()
export class RemovalHooks {
  private readonly steps = new Map<string, RemovalStep[]>();

  /** Called by a module at start-up (`onModuleInit`): `table` is the owner's table name. */
  register(table: string, step: RemovalStep): void {
    this.steps.set(table, [...(this.steps.get(table) ?? []), step]);
  }

  /**
   * Runs the steps registered for `table` in `em`'s transaction, in registration order. What a step
   * leaves for later is pushed onto `after`: the owner runs it once the transaction committed (files
   * are freed only when no committed row refers to them any more).
   */
  async run(table: string, em: EntityManager, ids: Array<number | string>, after?: AfterRemoval[]): Promise<void> {
    for (const step of this.steps.get(table) ?? []) {
      const later = await step(em, ids);
      if (later) after?.push(later);
    }
  }
}
