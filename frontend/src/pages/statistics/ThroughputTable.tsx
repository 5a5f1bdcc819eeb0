import { Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import type { TranslatorStats } from './api';
import { durationParts } from './statisticsOptions';
import { useStatisticsText } from './useStatisticsText';

/** Per translator and reviewer: claimed, submitted, reviewed and the two medians from claim to review. */
export function ThroughputTable({ people }: { people: TranslatorStats[] }) {
  const t = useStatisticsText();
  const duration = (minutes: number | null) => {
    if (minutes === null) return t('translations.none');
    const { unit, n } = durationParts(minutes);
    return t(`duration.${unit}`, { n });
  };
  return (
    <Table size="small" aria-label={t('translations.title')} data-testid="throughput-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('translations.name')}</TableCell>
          <TableCell align="right">{t('translations.claimed')}</TableCell>
          <TableCell align="right">{t('translations.submitted')}</TableCell>
          <TableCell align="right">{t('translations.reviewed')}</TableCell>
          <Tooltip title={t('translations.median_hint')}>
            <TableCell align="right">{t('translations.translator_median')}</TableCell>
          </Tooltip>
          <Tooltip title={t('translations.median_hint')}>
            <TableCell align="right">{t('translations.reviewer_median')}</TableCell>
          </Tooltip>
        </TableRow>
      </TableHead>
      <TableBody>
        {people.map((p) => (
          <TableRow key={p.userId}>
            <TableCell>{p.name ?? t('translations.none')}</TableCell>
            <TableCell align="right">{p.claimed}</TableCell>
            <TableCell align="right">{p.submitted}</TableCell>
            <TableCell align="right">{p.reviewed}</TableCell>
            <TableCell align="right">{duration(p.translatorMedianMinutes)}</TableCell>
            <TableCell align="right">{duration(p.reviewerMedianMinutes)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
