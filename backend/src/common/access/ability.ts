import { AbilityBuilder, createMongoAbility, type MongoAbility, type MongoQuery, subject as caslSubject } from '@casl/ability';
import { packRules, type PackRule } from '@casl/ability/extra';
import { type RawRuleOf } from '@casl/ability';
import { ADMIN_PERMISSION, type Permission, ruleOf } from './permission.js';

/**
 * Authorization is one question, asked through CASL: `ability.can(action, subject)`.
 *
 * - A permission code `<subject>:<action>` the user holds is the rule `can(action, subject)` (what a
 *   handler requires, `@RequirePermissions`, is checked this way by the global guard).
 * - An administrator has `can('manage', 'all')`.
 * - Record rules (editor of record, product editors and unit, department scope, file readers) are
 *   rules on record subjects (`Manuscript`, `Journal`, `File`, ...) with conditions, written by the
 *   owning module in its `<module>.policy.ts` and handed to the factory by the composition root.
 *   Services ask `ability.can('update', record('Manuscript', row))` instead of writing `if`s.
 *
 * The same rules, packed, go to the browser in `auth/info` → `rules`, so the UI asks the same question.
 */
export type AppAbility = MongoAbility<[string, string | object], MongoQuery>;

/** What a policy may read of the caller (the principal without its ability). */
export interface AbilityUser {
  userId: number;
  isAdmin: boolean;
  /** Permission codes; `['admin']` for administrators. */
  permissions: readonly string[];
  deptId: number | null;
  workDeptId: number | null;
  /** Dept ids the user may see; `null` = all. */
  dataScope: readonly number[] | null;
  /** The user's department followed by its ancestors (empty without a department). */
  deptChain: readonly number[];
}

export type AbilityRules = Pick<AbilityBuilder<AppAbility>, 'can' | 'cannot'>;

/** A module's record rules: adds `can`/`cannot` rules on its record subjects for this user. */
export type PolicyRules = (rules: AbilityRules, user: AbilityUser) => void;

/** The record `fields` typed as CASL subject `type` (a fresh object: the row itself is not marked). */
export function record<T extends object>(type: string, fields: T): T {
  return caslSubject(type, { ...fields });
}

/** An administrator (`can('manage', 'all')`). */
export function isAdministrator(ability: AppAbility): boolean {
  return ability.can('manage', 'all');
}

/** Whether the ability holds the permission code (administrators hold every code). */
export function holds(ability: AppAbility, code: Permission | string): boolean {
  return ability.can(...ruleOf(code));
}

/** Whether the ability holds any one of the codes. */
export function holdsAny(ability: AppAbility, codes: ReadonlyArray<Permission | string>): boolean {
  return codes.some((code) => holds(ability, code));
}

/** Whether the ability passes `@RequirePermissions(...codes)`: any one of the codes; no codes = administrators only. */
export function canAnyPermission(ability: AppAbility, codes: readonly Permission[]): boolean {
  if (isAdministrator(ability)) return true;
  return codes.some((code) => holds(ability, code));
}

/** Builds the ability of a user from the permission codes and the modules' record policies. */
export function defineAbility(user: AbilityUser, policies: readonly PolicyRules[]): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (user.isAdmin || user.permissions.includes(ADMIN_PERMISSION)) builder.can('manage', 'all');
  else for (const code of user.permissions) builder.can(...ruleOf(code));
  for (const policy of policies) policy(builder, user);
  return builder.build();
}

export type PackedRules = PackRule<RawRuleOf<AppAbility>>[];

/** The ability's rules, packed for the wire (`auth/info` → `rules`); the browser unpacks them with `unpackRules`. */
export function packAbility(ability: AppAbility): PackedRules {
  return packRules(ability.rules as RawRuleOf<AppAbility>[]);
}
