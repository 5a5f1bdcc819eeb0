import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { Alert, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { apiUrl } from '../../providers/http';
import { PeriodPicker } from './PeriodPicker';
import { ProductSelect } from './ProductSelect';
import { pathFileName, useReport } from './useReport';
import { useStatisticsText } from './useStatisticsText';

/** 统计报告: product + period → 生成报告 → download links of the xlsx and the Word summary. */
export function ReportTab() {
  const t = useStatisticsText();
  const r = useReport(t('report.failed'), t('report.success'));
  const missing = r.productId === null;
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 880 }} data-testid="stats-report">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('report.intro')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void r.generate();
        }}
      >
        <ProductSelect value={r.productId} onChange={r.setProduct} disabled={r.busy} />
        <PeriodPicker value={r.period} onChange={r.setPeriod} disabled={r.busy} />
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={r.busy || missing || Boolean(r.problem)}
            startIcon={r.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {r.busy ? t('report.generating') : t('report.generate')}
          </Button>
          {missing && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
              {t('report.product_missing')}
            </Typography>
          )}
        </div>
        {r.outcome.kind === 'done' && (
          <Alert severity="success" data-testid="report-links">
            <div>{t('report.ready')}</div>
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
              <Link href={apiUrl(r.outcome.paths.xlsx)} download underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <TableChartOutlined fontSize="small" />
                {t('report.xlsx')}：{pathFileName(r.outcome.paths.xlsx)}
              </Link>
              <Link href={apiUrl(r.outcome.paths.docx)} download underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <DescriptionOutlined fontSize="small" />
                {t('report.docx')}：{pathFileName(r.outcome.paths.docx)}
              </Link>
            </Stack>
          </Alert>
        )}
        {r.outcome.kind === 'failed' && (
          <Alert severity="error" role="alert">
            {t('report.failed')}
            {r.outcome.message && r.outcome.message !== t('report.failed') && (
              <Typography variant="caption" component="div" color="text.secondary">
                {r.outcome.message}
              </Typography>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
