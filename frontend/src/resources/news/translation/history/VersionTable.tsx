// The versions of the department's translation: version, status, translator, submission, reviewer.
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatTime, statusColor, statusKey } from '../workflow';
import type { VersionHistory } from './useVersionHistory';

export function VersionTable({ history }: { history: VersionHistory }) {
  const { t, list, view, setView, label } = history;
  return (
    <Table size="small" aria-label={t('history.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('history.version')}</TableCell>
          <TableCell>{t('history.status')}</TableCell>
          <TableCell>{t('history.author')}</TableCell>
          <TableCell>{t('history.submitted')}</TableCell>
          <TableCell>{t('history.reviewer')}</TableCell>
          <TableCell>{t('history.reviewed_at')}</TableCell>
          <TableCell align="right">{t('history.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((v) => (
          <TableRow key={v.version} data-version={v.version} hover selected={view?.kind === 'text' && view.version.version === v.version}>
            <TableCell sx={{ fontWeight: 600 }}>{label(v.version)}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" color={statusColor(v.status)} label={t(statusKey(v.status))} />
            </TableCell>
            <TableCell>{v.editorName ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(v.createTime) || '—'}</TableCell>
            <TableCell>{v.examineName ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(v.examineTime) || '—'}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => setView({ kind: 'text', version: v })}>
                {t('history.view')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
