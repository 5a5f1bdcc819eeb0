// The browser's half of the one access question (backend/src/common/access/ability.ts): a CASL ability
// built from the rules `auth/info` sends (packed), so the UI asks `ability.can(action, subject)`
// exactly as the server does. Without packed rules (an older server, a test double) the ability is
// built from the permission codes with the same mapping the server uses.
import { createMongoAbility, type MongoAbility, type MongoQuery, subject } from '@casl/ability';
import { type PackRule, unpackRules } from '@casl/ability/extra';
import { AbilityProvider } from '@casl/react';
import { createContext, createElement, type ReactNode, useContext } from 'react';
import { usePermissions } from 'react-admin';

export type AppAbility = MongoAbility<[string, string | object], MongoQuery>;
export type PackedRules = PackRule<{ action: string | string[]; subject?: string | string[]; conditions?: unknown; inverted?: boolean; fields?: string | string[] }>[];

export const ADMIN = 'admin';
/** Subject of the rule of a code that is not `<subject>:<action>` (held and checked as is). */
const OPAQUE_CODE = 'Code';

/** A code that is a CASL rule: a lower-camel subject and action (record subjects are PascalCase). */
const CODE_SHAPE = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/;

/**
 * The CASL rule of a permission code, exactly as the server maps it (backend common/access/permission.ts):
 * `news:list` → `['list', 'news']`; any other code (a record subject such as `File:read`, CASL's
 * `manage` / `all`) is an opaque rule `[code, 'Code']`.
 */
export function ruleOf(code: string): [action: string, subject: string] {
  if (CODE_SHAPE.test(code)) {
    const [subj, action] = code.split(':');
    if (action !== 'manage' && subj !== 'all') return [action, subj];
  }
  return [code, OPAQUE_CODE];
}

const byCodes = new Map<string, AppAbility>();

/** The ability of a list of permission codes (`admin` = manage all); memoised per list. */
export function abilityFromCodes(codes: readonly string[]): AppAbility {
  const key = codes.join('\n');
  let ability = byCodes.get(key);
  if (!ability) {
    const rules = codes.includes(ADMIN)
      ? [{ action: 'manage', subject: 'all' }]
      : codes.map((code) => {
          const [action, subj] = ruleOf(code);
          return { action, subject: subj };
        });
    ability = createMongoAbility(rules) as AppAbility;
    if (byCodes.size > 50) byCodes.clear();
    byCodes.set(key, ability);
  }
  return ability;
}

/** The ability of the packed rules the server sent (`auth/info` → `rules`). */
export function abilityFromRules(rules: PackedRules): AppAbility {
  return createMongoAbility(unpackRules(rules as PackRule<never>[]) as never) as AppAbility;
}

/** Whether the ability holds the permission code (administrators hold every one). */
export function holds(ability: AppAbility, code: string): boolean {
  return code === ADMIN ? ability.can('manage', 'all') : ability.can(...ruleOf(code));
}

/** A record typed as CASL subject `type`, for record rules (`ability.can('update', record('Manuscript', row))`). */
export function record<T extends object>(type: string, fields: T): T {
  return subject(type, { ...fields });
}

export { Can } from '@casl/react';

const SessionAbilityContext = createContext<AppAbility | null>(null);

/** Puts `value` in context for `useAppAbility()` and CASL's `<Can>` (SessionAbility, test renders). */
export function AppAbilityProvider({ value, children }: { value: AppAbility; children: ReactNode }) {
  return createElement(SessionAbilityContext.Provider, { value }, createElement(AbilityProvider, { value, children }));
}

/**
 * The session's ability in components: `useAppAbility().can('update', record('Manuscript', row))`.
 * Outside an AppAbilityProvider (a screen rendered alone) it is the ability of the permission codes,
 * without record rules.
 */
export function useAppAbility(): AppAbility {
  const provided = useContext(SessionAbilityContext);
  const { permissions } = usePermissions<string[]>();
  return provided ?? abilityFromCodes(Array.isArray(permissions) ? permissions : []);
}
