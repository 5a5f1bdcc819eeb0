// The large screens' chart options and small pure helpers (docs/screens.md). Pure: pages and tests call these.
import type { ChartOption } from '../../components/charts/echarts';

/** How often a screen asks again. */
export const SCREEN_REFRESH_MS = 30_000;
/** How long a slide of 展示大屏 stays. */
export const SCREEN_SLIDE_MS = 10_000;

export const SCREEN_COLORS = {
  background: '#050d1f',
  panel: 'rgba(16, 42, 86, 0.55)',
  border: 'rgba(64, 158, 255, 0.45)',
  accent: '#36d1ff',
  text: '#e6f1ff',
  muted: '#8aa4c8',
  warn: '#ff8a4c',
};

/**
 * Source countries as a ranked horizontal bar (the most on top). No world map: the repository has no
 * map GeoJSON and the platform may run without internet (docs/screens.md).
 */
export function countriesOption(countries: ReadonlyArray<{ name: string; count: number }>): ChartOption {
  const ranked = [...countries].reverse();
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', axisLabel: { color: SCREEN_COLORS.muted }, splitLine: { lineStyle: { color: 'rgba(138,164,200,0.15)' } } },
    yAxis: { type: 'category', data: ranked.map((c) => c.name), axisLabel: { color: SCREEN_COLORS.text, fontSize: 14 }, axisLine: { lineStyle: { color: SCREEN_COLORS.muted } } },
    series: [
      {
        type: 'bar',
        data: ranked.map((c) => c.count),
        barMaxWidth: 18,
        itemStyle: { color: SCREEN_COLORS.accent, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', color: SCREEN_COLORS.text },
      },
    ],
  };
}

/**
 * The name of a source country: ISO 3166 codes (what the collectors store, e.g. `GB`) in the
 * screen's language, `OTHER` as `other`, anything else (a name) as it is.
 */
export function countryName(country: string, locale: string, other: string): string {
  if (country.toUpperCase() === 'OTHER') return other;
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale.startsWith('en') ? 'en' : 'zh-CN'], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** Font size of a keyword in the keyword cloud: 14 px for the least, 40 px for the most. */
export function keywordSize(count: number, min: number, max: number): number {
  if (max <= min) return 26;
  return Math.round(14 + ((count - min) / (max - min)) * 26);
}

/** The slides of 展示大屏 that have content (an empty wall shows both with their empty state). */
export function showSlides(show: { translations: unknown[]; journals: unknown[] } | undefined): Array<'translations' | 'journals'> {
  if (!show) return ['translations', 'journals'];
  const slides = (['translations', 'journals'] as const).filter((k) => show[k].length > 0);
  return slides.length ? [...slides] : ['translations', 'journals'];
}

/** `yyyy-MM-dd HH:mm:ss` of a local clock. */
export function clockText(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}:${p(now.getSeconds())}`;
}
