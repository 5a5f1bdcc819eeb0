import { render } from '@testing-library/react';
import { Table, TableBody } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { writeFileSync } from 'node:fs';
import { createHorizonTheme } from '../../theme/theme';
import { NewsTableRow } from './NewsTableRow';
import { newsAbilities } from './access';
import { fillText, zhText, type NewsT } from './text';
import type { NewsRow } from './types';

const t: NewsT = (k, a) => fillText(zhText(k), a);
const base: NewsRow = { id: 1, title: 'Original', titleCn: '中文', publishTime: '2026-11-20 08:00:00', webName: 'Wire', webId: 1, createBy: '采集器', count: 7, classify: [1, 2, 3], classifyNames: ['经济', '金融', '能源'], keywords: ['油价'], language: 'en', country: 'US', url: 'u', isRead: false, isCollect: false, isRecommend: false, yj: true, isChoice: false, isProcessed: 'done', hasFiles: true, editorName: null, examineName: null, transStatus: null, version: 1, updateTime: '' };
const noop = () => undefined;

it('dumps', () => {
  const out = process.env.DUMP_OUT ?? '/tmp/nr/old';
  const theme = createTheme(createHorizonTheme() as never);
  const all = newsAbilities(['admin']);
  const nochoose = { ...all, choose: false };
  const { container } = render(
    <ThemeProvider theme={theme}>
      <Table size="small">
        <TableBody>
          <NewsTableRow row={base} curMenu="all" abilities={all} checked active compact={false} busy={() => false} onCheck={noop} onOpen={noop} onOpenDetail={noop} onCommand={noop} t={t} />
          <NewsTableRow row={{ ...base, id: 2, isRead: true, isProcessed: 'examine', isCollect: true, isRecommend: true, isChoice: true }} curMenu="choice" abilities={all} checked={false} active={false} compact={false} busy={() => true} onCheck={noop} onOpen={noop} onOpenDetail={noop} onCommand={noop} t={t} />
          <NewsTableRow row={{ ...base, id: 3, titleCn: null, classifyNames: [], keywords: [], yj: false, hasFiles: false, isProcessed: null }} curMenu="choice" abilities={nochoose} checked={false} active={false} compact busy={() => false} onCheck={noop} onOpen={noop} onOpenDetail={noop} onCommand={noop} t={t} />
          <NewsTableRow row={{ ...base, id: 4, isChoice: true }} curMenu="choice" abilities={nochoose} checked={false} active={false} compact busy={() => false} onCheck={noop} onOpen={noop} onOpenDetail={noop} onCommand={noop} t={t} />
        </TableBody>
      </Table>
    </ThemeProvider>,
  );
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  writeFileSync(`${out}.css`, css);
  writeFileSync(`${out}.html`, container.innerHTML);
});
