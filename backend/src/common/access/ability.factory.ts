import { Inject, Injectable } from '@nestjs/common';
import { type AbilityUser, type AppAbility, defineAbility, type PolicyRules } from './ability.js';

/** DI token of the modules' record policies (the composition root, `app.module.ts`, provides the list). */
export const POLICIES = Symbol('horizon:policies');

/** Builds a request's ability from the user's permission codes, data scope and work department. */
@Injectable()
export class AbilityFactory {
  constructor(@Inject(POLICIES) private readonly policies: readonly PolicyRules[]) {}

  createFor(user: AbilityUser): AppAbility {
    return defineAbility(user, this.policies);
  }
}
