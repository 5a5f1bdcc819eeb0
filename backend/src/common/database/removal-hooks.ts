import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a module drops of records of another module's table that are being deleted, in the deleting transaction. */
export type RemovalStep = (em: EntityManager, ids: Array<number | string>) => Promise<void>;

/**
 * The kernel's hook for deletions that reach across modules. The owner of a table deletes its rows
 * and, in the same transaction, runs the steps other modules registered under that table's name:
 * `sys_user` (the auth module's access keys go with an account), `news` (the collections module's
 * rows go with an item). So every table is written by its owner only, and nothing is left behind.
 */
@Injectable()
export class RemovalHooks {
  private readonly steps = new Map<string, RemovalStep[]>();

  /** Called by a module at start-up (`onModuleInit`): `table` is the owner's table name. */
  register(table: string, step: RemovalStep): void {
    this.steps.set(table, [...(this.steps.get(table) ?? []), step]);
  }

  /** Runs the steps registered for `table` in `em`'s transaction, in registration order. */
  async run(table: string, em: EntityManager, ids: Array<number | string>): Promise<void> {
    for (const step of this.steps.get(table) ?? []) await step(em, ids);
  }
}
