// 动态加工 (/pro/product; issue 17, docs/processing.md): the department's chosen (精选) items as a
// pipeline — 待翻译 / 翻译中 / 待审核 / 已审核 (the news list of type=choice filtered by `stage`, with
// the row actions translate, review and submit, and the translator and reviewer on each row) and
// 已报送 (the department's manuscripts submitted from news). Counts on the tabs; the stage lives in
// the route query (`?stage=review`).
import { type ReactNode, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { Page } from '../../../api';
import { requestJson } from '../../../providers/http';
import { toQueryString } from '../../../resources/api';
import type { Manuscript } from '../../../resources/manuscripts/types';
import { RoutedNewsList } from '../../../resources/news/RoutedNewsList';
import { TablePager } from '../../../resources/shared/ListParts';
import { useProcessingText, type ProcessingT } from './useProcessingText';

export const PROCESSING_STAGES = ['todo', 'editing', 'review', 'reviewed', 'submitted'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];
type NewsStage = Exclude<ProcessingStage, 'submitted'>;

export const stageOf = (value: string | null): ProcessingStage =>
  (PROCESSING_STAGES as readonly string[]).includes(value ?? '') ? (value as ProcessingStage) : 'todo';

type StageCounts = Record<NewsStage, number>;

const SUBMITTED_PAGE_SIZE = 20;

const api = {
  stages: () => requestJson<StageCounts>('api/news/choiceStages'),
  submitted: (page: number, size: number) =>
    requestJson<Page<Manuscript>>(`api/manuscript?${toQueryString({ tab: 'dept', fromNews: '1', page, size, sort: 'createTime,desc' })}`),
};

export function ProcessingPage() {
  const t = useProcessingText();
  const [params, setParams] = useSearchParams();
  const stage = stageOf(params.get('stage'));
  const counts = useQuery({ queryKey: ['horizon', 'news', 'choiceStages'], queryFn: api.stages });
  const submittedTotal = useQuery({ queryKey: ['horizon', 'processing', 'submitted', 0, 1], queryFn: () => api.submitted(0, 1) });

  const count = (s: ProcessingStage): number | undefined => (s === 'submitted' ? submittedTotal.data?.totalElements : counts.data?.[s]);
  const select = (next: ProcessingStage) => {
    // a new stage starts at its first page
    const q = new URLSearchParams();
    q.set('stage', next);
    setParams(q);
  };

  return (
    <Box data-testid="processing-page" sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 1.5 }}>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('hint')}
        </Typography>
      </Box>
      {counts.isError && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {t('counts_failed')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ mb: 1.5 }}>
        <Tabs value={stage} onChange={(_e, value: ProcessingStage) => select(value)} variant="scrollable" scrollButtons="auto" aria-label={t('stages.label')} sx={{ px: 1 }}>
          {PROCESSING_STAGES.map((s) => {
            const n = count(s);
            return (
              <Tab
                key={s}
                value={s}
                data-testid={`stage-${s}`}
                label={
                  <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                    <span>{t(`stages.${s}`)}</span>
                    <Badge
                      color={s === 'review' && n ? 'warning' : 'primary'}
                      badgeContent={n === undefined ? '…' : String(n)}
                      sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                    />
                  </Stack>
                }
              />
            );
          })}
        </Tabs>
      </Paper>
      {stage === 'submitted' ? (
        <SubmittedList t={t} />
      ) : (
        <RoutedNewsList key={stage} curMenu="choice" filter={{ type: 'choice', stage }} emptyText={t(`empty.${stage}`)} />
      )}
    </Box>
  );
}

function SubmittedList({ t }: { t: ProcessingT }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(SUBMITTED_PAGE_SIZE);
  const rows = useQuery({ queryKey: ['horizon', 'processing', 'submitted', page, size], queryFn: () => api.submitted(page, size) });
  let body: ReactNode;
  if (rows.isError) body = <Alert severity="error">{t('submitted.failed')}</Alert>;
  else if (rows.isPending) {
    body = (
      <Stack sx={{ py: 6, alignItems: 'center' }}>
        <CircularProgress size={24} />
      </Stack>
    );
  } else if (!rows.data.content.length) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="submitted-empty">
        {t('empty.submitted')}
      </Typography>
    );
  } else {
    body = (
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('submitted.title')}</TableCell>
              <TableCell>{t('submitted.product')}</TableCell>
              <TableCell>{t('submitted.columns')}</TableCell>
              <TableCell>{t('submitted.submitter')}</TableCell>
              <TableCell>{t('submitted.time')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.content.map((m) => (
              <TableRow key={m.id} hover>
                <TableCell sx={{ maxWidth: 420 }}>{m.title}</TableCell>
                <TableCell>{m.product?.name ?? '—'}</TableCell>
                <TableCell>{(m.columns ?? []).map((c) => c.name).join('、') || m.productColumn?.name || '—'}</TableCell>
                <TableCell>{m.createBy?.nickName || m.createBy?.username || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.createTime?.slice(0, 16)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <Paper variant="outlined" data-testid="submitted-list">
      {body}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Button size="small" component={RouterLink} to="/pro/manuscript">
          {t('submitted.open')}
        </Button>
        <TablePager
          count={rows.data?.totalElements ?? 0}
          page={page}
          size={size}
          sizes={[10, 20, 50]}
          onPageChange={setPage}
          onSizeChange={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </Stack>
    </Paper>
  );
}
