// The two panes of the workbench, filling the window: the original on the left, 机器翻译 / 人工翻译
// (with the department's Chinese title above the editor) on the right, scrolling together.
import { useRef, useState } from 'react';
import { Alert, Box, FormControlLabel, Paper, Switch, Tab, Tabs, Typography } from '@mui/material';
import { line } from '../../../../theme/theme';
import { errorMessage } from '../../../shared/hooks';
import type { NewsUser } from '../../access';
import { NewsText } from '../../NewsText';
import type { NewsInfo } from '../../types';
import { useFillHeight } from '../../useFillHeight';
import { RichTextEditor } from '../RichTextEditor';
import { useSyncScroll } from '../useSyncScroll';
import { MachinePane } from './MachinePane';
import { PaneSkeleton, TitleField } from './parts';
import type { PaneTab, Workbench } from './useWorkbench';

const paneSx = { borderRadius: 1, overflow: 'hidden', display: 'flex', flexDirection: 'column', minHeight: 0 } as const;

export function WorkbenchPanes({ info, user, wb }: { info: NewsInfo; user: NewsUser; wb: Workbench }) {
  const { t, state, tab, actions } = wb;
  const [syncScroll, setSyncScroll] = useState(true);
  const areaRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(areaRef, { bottom: 12, min: 480 });
  const { leftRef, rightRef } = useSyncScroll(syncScroll);
  const paneHeight = Math.max(320, height);

  return (
    <Box ref={areaRef} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, height: { md: paneHeight } }}>
      <Paper variant="outlined" sx={{ ...paneSx, height: { xs: paneHeight, md: 'auto' } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 48, px: 2, borderBottom: line() }}>
          <Typography sx={{ fontSize: 14, fontWeight: 600, flex: 1 }}>{t('panes.original')}</Typography>
          <FormControlLabel
            control={<Switch size="small" checked={syncScroll} onChange={(e) => setSyncScroll(e.target.checked)} />}
            label={<Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{t('meta.sync_scroll')}</Typography>}
            sx={{ mr: 0 }}
          />
        </Box>
        <Box ref={leftRef} data-testid="trans-original" sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: { xs: 2, md: 3 }, py: 2 }}>
          <Typography component="h2" lang={info.language ?? undefined} sx={{ fontSize: 16, fontWeight: 600, lineHeight: 1.5, color: 'text.primary', mb: 1.5 }}>
            {info.title}
          </Typography>
          <Box data-sync-root>
            <NewsText html={info.contentHtml} text={info.content} empty={t('panes.no_content')} lang={info.language ?? undefined} />
          </Box>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ ...paneSx, height: { xs: paneHeight, md: 'auto' } }}>
        <Tabs
          value={tab}
          onChange={(_e, v: PaneTab) => wb.selectTab(v)}
          sx={{ minHeight: 48, px: 1, borderBottom: line(), '& .MuiTab-root': { minHeight: 48, fontSize: 14 } }}
        >
          <Tab value="machine" label={t('panes.machine')} data-testid="trans-tab-machine" id="trans-tab-machine" aria-controls="trans-panel-machine" />
          <Tab value="manual" label={t('panes.manual')} data-testid="trans-tab-manual" id="trans-tab-manual" aria-controls="trans-panel-manual" />
        </Tabs>
        <Box
          role="tabpanel"
          id="trans-panel-machine"
          aria-labelledby="trans-tab-machine"
          hidden={tab !== 'machine'}
          ref={tab === 'machine' ? rightRef : undefined}
          sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: { xs: 2, md: 3 }, py: 2, display: tab === 'machine' ? 'block' : 'none' }}
        >
          <MachinePane machine={wb.machine} canRun={user.abilities.translate} t={t} />
        </Box>
        <Box
          role="tabpanel"
          id="trans-panel-manual"
          aria-labelledby="trans-tab-manual"
          hidden={tab !== 'manual'}
          sx={{ flex: 1, minHeight: 0, display: tab === 'manual' ? 'flex' : 'none', flexDirection: 'column' }}
        >
          {state && <TitleField value={wb.titleValue} editable={actions.editable} onChange={wb.setTitleDraft} t={t} />}
          {state ? (
            <Box sx={{ flex: 1, minHeight: 0 }}>
              <RichTextEditor
                value={state.contentTrans}
                editable={actions.editable}
                placeholder={t('editor.placeholder')}
                emptyText={t('editor.empty')}
                readonlyNote={wb.readonlyNote}
                labels={{
                  toolbar: t('editor.toolbar'),
                  bold: t('editor.bold'),
                  italic: t('editor.italic'),
                  paragraph: t('editor.paragraph'),
                  h2: t('editor.h2'),
                  h3: t('editor.h3'),
                  bullet: t('editor.bullet'),
                  ordered: t('editor.ordered'),
                  quote: t('editor.quote'),
                  undo: t('editor.undo'),
                  redo: t('editor.redo'),
                  label: t('editor.label'),
                }}
                onDirtyChange={wb.setTextDirty}
                handleRef={wb.editorRef}
                scrollRef={tab === 'manual' ? rightRef : undefined}
                height="100%"
              />
            </Box>
          ) : wb.stateError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(wb.stateError)}
            </Alert>
          ) : (
            <PaneSkeleton />
          )}
        </Box>
      </Paper>
    </Box>
  );
}
