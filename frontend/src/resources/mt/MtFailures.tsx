import { useEffect, useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  Card,
  LinearProgress,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCan } from '../shared/access';
import { ConfirmButton } from '../shared/ConfirmButton';
import { useApiMutation, useNotifyText, useQueryErrorHandler } from '../shared/hooks';
import { actionsColumnSx, EllipsisText, EmptyState, TablePager } from '../shared/ListParts';
import { FAILURES_PAGE_SIZE, MT_RESOURCE, mtApi, mtKeys, newsDetailHref } from './api';
import { languageName } from './format';
import { useMtText } from './useMtText';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * News items whose machine translation failed (`GET api/mt/failures`), newest first, with 重试 per
 * row and 全部重试 (`POST api/mt/retry`, `mt:edit`).
 */
export function MtFailures() {
  const t = useMtText();
  const [locale] = useLocaleState();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(FAILURES_PAGE_SIZE);
  const canRetry = useCan('edit', MT_RESOURCE);
  const notifyText = useNotifyText();

  const { data, isPending, isFetching, error } = useQuery({
    queryKey: mtKeys.failures(page, size),
    queryFn: () => mtApi.failures(page, size),
    placeholderData: keepPreviousData,
  });
  useQueryErrorHandler(error);
  const rows = data?.content ?? [];
  const total = data?.totalElements ?? 0;

  // retried rows leave the list: step back when the page ran empty
  useEffect(() => {
    if (page > 0 && data && data.content.length === 0) setPage(Math.max(0, Math.ceil(data.totalElements / size) - 1));
  }, [data, page, size]);

  const retry = useApiMutation((ids: number[] | undefined) => mtApi.retry(ids), {
    onSuccess: (result) => notifyText(t('failures.retried', { count: result?.queued ?? 0 })),
  });
  const columns = canRetry ? 5 : 4;

  return (
    <Card sx={{ p: 1.5 }} component="section" aria-label={t('failures.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {t('failures.title')}
          {total > 0 && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              ({total})
            </Typography>
          )}
        </Typography>
        {canRetry && (
          <ConfirmButton
            variant="text"
            label={t('failures.retry_all')}
            icon={<ReplayIcon />}
            content={t('failures.retry_all_confirm')}
            loading={retry.isPending}
            disabled={total === 0}
            onConfirm={() => retry.mutate(undefined)}
          />
        )}
      </Box>
      {isFetching && !isPending && <LinearProgress />}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('failures.col_title')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('failures.col_language')}</TableCell>
              <TableCell>{t('failures.col_error')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('failures.col_time')}</TableCell>
              {canRetry && <TableCell sx={actionsColumnSx}>{t('failures.col_actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={`skeleton-${i}`}>
                  {Array.from({ length: columns }, (_c, j) => (
                    <TableCell key={j}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ maxWidth: 360 }}>
                  <Link
                    href={newsDetailHref(row.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    underline="hover"
                    title={t('failures.open')}
                    lang={row.language ?? undefined}
                    sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {row.title || t('failures.untitled')}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{languageName(row.language, locale)}</TableCell>
                <TableCell>
                  <EllipsisText text={row.mtError} maxWidth={420} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.mtTime ?? ''}</TableCell>
                {canRetry && (
                  <TableCell sx={actionsColumnSx}>
                    <Button
                      size="small"
                      startIcon={<ReplayIcon fontSize="small" />}
                      aria-label={`${t('failures.retry')} ${row.title ?? row.id}`}
                      disabled={retry.isPending}
                      onClick={() => retry.mutate([row.id])}
                    >
                      {t('failures.retry')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {!isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  <EmptyState
                    text={error ? t('failures.load_failed', { message: error instanceof Error ? error.message : '' }) : t('failures.empty')}
                  />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {total > 0 && (
        <TablePager
          count={total}
          page={page}
          size={size}
          sizes={PAGE_SIZES}
          onPageChange={setPage}
          onSizeChange={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      )}
    </Card>
  );
}
