import { useEffect, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { clockText, SCREEN_COLORS, SCREEN_SLIDE_MS, showSlides } from './screenOptions';
import { type ScreenShow, screenApi } from './api';
import { ScreenEmpty, ScreenFrame, ScreenLoading, ScreenPanel } from './ScreenFrame';
import { useScreenData } from './useScreenData';
import { type ScreenT, useScreenText } from './useScreenText';

function Row({ title, meta, time }: { title: string; meta: string; time: string }) {
  return (
    <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'baseline', borderBottom: '1px dashed rgba(138,164,200,0.2)', py: 1.25 }}>
      <Typography sx={{ flex: 1, minWidth: 0, fontSize: 24, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={title}>
        {title}
      </Typography>
      <Typography sx={{ color: SCREEN_COLORS.muted, fontSize: 18, flexShrink: 0 }}>{meta}</Typography>
      <Typography sx={{ color: SCREEN_COLORS.accent, fontSize: 18, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>{time.slice(0, 16)}</Typography>
    </Stack>
  );
}

function Slide({ kind, show, t }: { kind: 'translations' | 'journals'; show: ScreenShow; t: ScreenT }) {
  const rows =
    kind === 'translations'
      ? show.translations.map((r) => ({ key: `${r.deptId}-${r.id}`, title: r.title, meta: [r.deptName, r.editorName].filter(Boolean).join(' · '), time: r.time }))
      : show.journals.map((j) => ({ key: String(j.id), title: j.productName, meta: t('journal', { year: j.year, no: j.journalNo, total: j.totalNo }), time: j.time }));
  return (
    <ScreenPanel title={t(`panels.${kind}`)} grow testId={`screen-slide-${kind}`}>
      {rows.length ? (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((r) => (
            <Row key={r.key} title={r.title} meta={r.meta} time={r.time} />
          ))}
        </Box>
      ) : (
        <ScreenEmpty text={t(`empty.${kind}`)} />
      )}
    </ScreenPanel>
  );
}

/**
 * 展示大屏 (/screenShow): the latest reviewed translations and finalised journals, one slide at a
 * time, rotating every 10 s; the data is asked again every 30 s (docs/screens.md).
 */
export function ScreenShowPage() {
  const t = useScreenText();
  const { data, loading, error, updatedAt } = useScreenData(['show'], (signal) => screenApi.show(signal), t('failed'));
  const slides = showSlides(data);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => i + 1), SCREEN_SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  const current = slides[index % slides.length];
  return (
    <ScreenFrame
      title={t('titles.screenShow')}
      subtitle={data ? t('slide', { n: (index % slides.length) + 1, total: slides.length }) : undefined}
      status={updatedAt ? t('refresh', { time: clockText(new Date(updatedAt)).slice(11) }) : undefined}
    >
      {loading && <ScreenLoading text={t('loading')} />}
      {!data && error && <ScreenEmpty text={`${t('failed')}：${error}`} />}
      {data && <Slide key={current} kind={current} show={data} t={t} />}
    </ScreenFrame>
  );
}

export default ScreenShowPage;
