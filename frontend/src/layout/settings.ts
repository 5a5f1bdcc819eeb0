// Layout settings of the settings drawer. The theme colour lives in a cookie for 365 days (spec §9),
// the switches in localStorage.
import { getCookie, setCookie } from '../utils/cookies';
import { DEFAULT_PRIMARY, isHexColor } from '../theme/theme';

export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  themeColor: DEFAULT_PRIMARY,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
};

export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_DAYS = 365;
const SWITCHES_KEY = 'horizon-layout-settings';

type Switches = Omit<LayoutSettings, 'themeColor'>;

export function loadSettings(): LayoutSettings {
  let switches: Partial<Switches> = {};
  try {
    switches = JSON.parse(localStorage.getItem(SWITCHES_KEY) ?? '{}') as Partial<Switches>;
  } catch {
    // a damaged value falls back to the defaults
  }
  const pick = (key: keyof Switches) => (typeof switches[key] === 'boolean' ? switches[key] : DEFAULT_SETTINGS[key]);
  const color = getCookie(THEME_COOKIE);
  return {
    themeColor: isHexColor(color) ? color : DEFAULT_SETTINGS.themeColor,
    tagsView: pick('tagsView'),
    fixedHeader: pick('fixedHeader'),
    sidebarLogo: pick('sidebarLogo'),
    uniqueOpened: pick('uniqueOpened'),
  };
}

export function saveSettings({ themeColor, ...switches }: LayoutSettings): void {
  setCookie(THEME_COOKIE, themeColor, THEME_COOKIE_DAYS);
  localStorage.setItem(SWITCHES_KEY, JSON.stringify(switches));
}
