import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a module drops of accounts that are being deleted, in the deleting transaction. */
export type AccountRemovalStep = (em: EntityManager, userIds: number[]) => Promise<void>;

/**
 * The kernel's hook for deleting accounts: the users module owns `sys_user` and runs the steps
 * other modules registered (the auth module's access keys) inside its delete transaction, so an
 * account and what hangs on it go together without the users module writing another module's table.
 */
@Injectable()
export class AccountRemoval {
  private readonly steps: AccountRemovalStep[] = [];

  /** Called by a module at start-up (`onModuleInit`). */
  register(step: AccountRemovalStep): void {
    this.steps.push(step);
  }

  /** Runs every registered step in `em`'s transaction, in registration order. */
  async run(em: EntityManager, userIds: number[]): Promise<void> {
    for (const step of this.steps) await step(em, userIds);
  }
}
