import { useTranslate } from 'react-admin';
import { SystemUserMenu } from '../../components/SystemShellParts';
import { centerPath } from './processNav';

/**
 * The top bar's user entry (news-tracking spec §2): with logout enabled by the platform settings, a
 * dropdown with 首页, 个人中心 and 退出登录 (confirmation 确定注销并退出系统吗？; on confirm the
 * session is revoked and the page reloads, landing on the login page). Otherwise only who is signed in.
 */
export function ProcessUserMenu({ logoutEnabled, compact = false }: { logoutEnabled: boolean; compact?: boolean }) {
  const translate = useTranslate();
  return (
    <SystemUserMenu
      logoutEnabled={logoutEnabled}
      compact={compact}
      homePath="/productProcess-home"
      centerPath={centerPath('user')}
      menuOnlyWithLogout
      testId="process-user"
      labels={{ open: translate('app.process.user_menu'), home: translate('app.process.nav.home'), center: translate('app.process.nav.center'), logout: translate('app.navbar.logout') }}
    />
  );
}
