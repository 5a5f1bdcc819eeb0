import { type ReactNode, useEffect, useState } from 'react';
import { usePermissions } from 'react-admin';
import { abilityFromCodes, AppAbilityProvider, type AppAbility } from './ability';
import { loadAbility } from './authProvider';

/**
 * Puts the session's CASL ability (the rules `auth/info` sent) into context for `<Can>` and
 * `useAppAbility()`; re-read whenever react-admin refreshes the permissions (login, logout).
 */
export function SessionAbility({ children }: { children: ReactNode }) {
  const { permissions } = usePermissions<string[]>();
  const [ability, setAbility] = useState<AppAbility>(() => abilityFromCodes(Array.isArray(permissions) ? permissions : []));
  useEffect(() => {
    let live = true;
    loadAbility().then(
      (next) => live && setAbility(next),
      () => live && setAbility(abilityFromCodes([])),
    );
    return () => {
      live = false;
    };
  }, [permissions]);
  return <AppAbilityProvider value={ability}>{children}</AppAbilityProvider>;
}
