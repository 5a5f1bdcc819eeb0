// The three texts of an item (original, machine, manual translation): in tabs, or the original
// beside one of the translations.
import { Box, Paper, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { line } from '../../../theme/theme';
import type { PanelTab } from '../NewsSidePanel';
import { NewsText, TextEmpty } from '../NewsText';
import type { NewsInfo } from '../types';
import type { DetailLayout, NewsDetail, SideTab } from './useNewsDetail';

export function DetailTexts({ info, detail }: { info: NewsInfo; detail: NewsDetail }) {
  const { t, layout, tab, sideTab } = detail;
  const original = <NewsText html={info.contentHtml} text={info.content} empty={t('panel.no_content')} lang={info.language ?? undefined} />;
  const machine = <NewsText text={info.contentCn} empty={t('panel.no_machine')} lang="zh-CN" />;
  const manual = info.contentTrans?.trim() ? <NewsText text={info.contentTrans} empty={t('panel.no_manual')} lang="zh-CN" /> : <TextEmpty text={t('panel.no_manual')} />;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: line(), pr: 1.5 }}>
        {layout === 'tabs' ? (
          <Tabs value={tab} onChange={(_e, v: PanelTab) => detail.setTab(v)} sx={{ flex: 1, minHeight: 44, px: 1, '& .MuiTab-root': { minHeight: 44, fontSize: 14 } }}>
            <Tab value="original" label={t('panel.original')} />
            <Tab value="machine" label={t('panel.machine')} />
            <Tab value="manual" label={t('panel.manual')} />
          </Tabs>
        ) : (
          <Typography sx={{ flex: 1, px: 2.5, py: 1.5, fontSize: 14, fontWeight: 600 }}>{t('detail.texts')}</Typography>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={layout}
          onChange={(_e, v: DetailLayout | null) => v && detail.setLayout(v)}
          sx={{ display: { xs: 'none', md: 'inline-flex' }, '& .MuiToggleButton-root': { py: 0.25, px: 1.25, fontSize: 12.5 } }}
        >
          <ToggleButton value="tabs">{t('detail.layout_tabs')}</ToggleButton>
          <ToggleButton value="side">{t('detail.layout_side')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {layout === 'tabs' ? (
        <Box role="tabpanel" sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 880, mx: 'auto' }}>
          {tab === 'original' ? original : tab === 'machine' ? machine : manual}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
          <Box sx={{ px: 3, py: 2.5, borderRight: line(), minWidth: 0 }}>
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1.5 }}>{t('panel.original')}</Typography>
            {original}
          </Box>
          <Box sx={{ px: 3, py: 2.5, minWidth: 0 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={sideTab}
              onChange={(_e, v: SideTab | null) => v && detail.setSideTab(v)}
              sx={{ mb: 1.5, '& .MuiToggleButton-root': { py: 0.125, px: 1.25, fontSize: 12.5 } }}
            >
              <ToggleButton value="machine">{t('panel.machine')}</ToggleButton>
              <ToggleButton value="manual">{t('panel.manual')}</ToggleButton>
            </ToggleButtonGroup>
            {sideTab === 'machine' ? machine : manual}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
