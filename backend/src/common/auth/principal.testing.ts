import { defineAbility, type PolicyRules } from '../access/ability.js';
import type { Principal } from './principal.js';

/** A principal for unit tests, its ability built as the factory would (optionally with record policies). */
export function testPrincipal(fields: Omit<Principal, 'ability' | 'deptChain'> & { deptChain?: number[] }, policies: readonly PolicyRules[] = []): Principal {
  const user = { ...fields, deptChain: fields.deptChain ?? (fields.deptId == null ? [] : [fields.deptId]) };
  return { ...user, ability: defineAbility(user, policies) };
}
