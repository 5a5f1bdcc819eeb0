import { useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { EChart } from '../../components/charts/EChart';
import { clockText, countriesOption, countryName, keywordSize, SCREEN_COLORS } from './screenOptions';
import { type ScreenLevel, type ScreenOverview, screenApi } from './api';
import { ScreenEmpty, ScreenFrame, ScreenLoading, ScreenPanel } from './ScreenFrame';
import { useScreenData } from './useScreenData';
import { type ScreenT, useScreenText } from './useScreenText';

const COUNT_KEYS = ['newsToday', 'news7d', 'warnedToday', 'warned7d'] as const;

function Counters({ counts, t }: { counts: ScreenOverview['counts']; t: ScreenT }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {COUNT_KEYS.map((key) => (
        <Box
          key={key}
          data-testid={`screen-count-${key}`}
          sx={{ bgcolor: SCREEN_COLORS.panel, border: `1px solid ${SCREEN_COLORS.border}`, borderRadius: 1, p: 2, textAlign: 'center' }}
        >
          <Typography sx={{ color: SCREEN_COLORS.muted, fontSize: 16 }}>{t(`counts.${key}`)}</Typography>
          <Typography sx={{ fontSize: 52, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', color: key.startsWith('warned') ? SCREEN_COLORS.warn : SCREEN_COLORS.accent }}>
            {counts[key].toLocaleString()}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function WarnedList({ items, t, country }: { items: ScreenOverview['latestWarned']; t: ScreenT; country: (c: string) => string }) {
  if (!items.length) return <ScreenEmpty text={t('empty.warned')} />;
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((w) => (
        <Stack component="li" key={`${w.deptId}-${w.id}`} direction="row" spacing={1.5} sx={{ alignItems: 'baseline', borderBottom: '1px dashed rgba(138,164,200,0.2)', pb: 0.75 }}>
          <Typography sx={{ color: SCREEN_COLORS.warn, fontSize: 13, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>{w.yjTime.slice(5, 16)}</Typography>
          <Typography sx={{ flex: 1, minWidth: 0, fontSize: 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={w.title}>
            {w.title}
          </Typography>
          <Typography sx={{ color: SCREEN_COLORS.muted, fontSize: 13, flexShrink: 0, maxWidth: '30%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {[w.country && country(w.country), w.deptName].filter(Boolean).join(' · ')}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function KeywordCloud({ keywords, t }: { keywords: ScreenOverview['keywords']; t: ScreenT }) {
  if (!keywords.length) return <ScreenEmpty text={t('empty.keywords')} />;
  const counts = keywords.map((k) => k.count);
  const [min, max] = [Math.min(...counts), Math.max(...counts)];
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'center' }}>
      {keywords.map((k, i) => (
        <Box component="li" key={k.name} title={`${k.name}：${k.count}`} sx={{ fontSize: keywordSize(k.count, min, max), fontWeight: i < 3 ? 700 : 400, color: i < 3 ? SCREEN_COLORS.warn : SCREEN_COLORS.text }}>
          {k.name}
        </Box>
      ))}
    </Box>
  );
}

/**
 * 数据大屏 (/screen) and 分级数据大屏 (/screenLevel, `level="parent"`): a wall display in its own
 * window (production-admin §2), refreshed every 30 s and on each pushed warning (docs/screens.md).
 */
export function ScreenPage({ level = 'dept' }: { level?: ScreenLevel }) {
  const t = useScreenText();
  const { data, loading, error, updatedAt } = useScreenData(['overview', level], (signal) => screenApi.overview(level, signal), t('failed'));
  const [locale = 'zh'] = useLocaleState();
  const other = t('other_country');
  const country = useMemo(() => (c: string) => countryName(c, locale, other), [locale, other]);
  const option = useMemo(() => countriesOption((data?.countries ?? []).map((c) => ({ name: country(c.name), count: c.count }))), [data?.countries, country]);
  const scope = data ? t(data.deptIds === null ? 'scope.all' : `scope.${data.level}`) : undefined;
  return (
    <ScreenFrame
      title={t(level === 'parent' ? 'titles.screenLevel' : 'titles.screen')}
      subtitle={scope}
      status={updatedAt ? t('refresh', { time: clockText(new Date(updatedAt)).slice(11) }) : undefined}
    >
      {loading && <ScreenLoading text={t('loading')} />}
      {!data && error && <ScreenEmpty text={`${t('failed')}：${error}`} />}
      {data && (
        <>
          <Counters counts={data.counts} t={t} />
          <Box sx={{ display: 'grid', gap: 2, flex: 1, gridTemplateColumns: { xs: '1fr', lg: '1.2fr 1fr' } }}>
            <ScreenPanel title={t('panels.warned')} testId="screen-warned">
              <WarnedList items={data.latestWarned} t={t} country={country} />
            </ScreenPanel>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <ScreenPanel title={t('panels.countries')} testId="screen-countries">
                {data.countries.length ? <EChart option={option} height={Math.max(200, data.countries.length * 24)} ariaLabel={t('chart_countries')} /> : <ScreenEmpty text={t('empty.countries')} />}
              </ScreenPanel>
              <ScreenPanel title={t('panels.keywords')} testId="screen-keywords">
                <KeywordCloud keywords={data.keywords} t={t} />
              </ScreenPanel>
            </Stack>
          </Box>
        </>
      )}
    </ScreenFrame>
  );
}

export function ScreenLevelPage() {
  return <ScreenPage level="parent" />;
}

export default ScreenPage;
