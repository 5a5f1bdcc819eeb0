import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

export interface DashboardCardProps {
  id: string;
  title: string;
  /** Where the card leads (null: not a link, e.g. the queue card whose lines are links). */
  to: string | null;
  loading: boolean;
  children: ReactNode;
}

/** One card: its title, then a skeleton while loading, else its content; the whole card is a link. */
export function DashboardCard({ id, title, to, loading, children }: DashboardCardProps) {
  const content = (
    <CardContent sx={{ height: '100%' }}>
      <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      {loading ? <Skeleton variant="rounded" height={56} data-testid="dashboard-loading" /> : children}
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid={`dashboard-${id}`} aria-busy={loading} sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** The big number of a card, or the reason it has none. */
export function BigNumber({ value, missing, hint }: { value: number | null | undefined; missing: string; hint?: string }) {
  return (
    <>
      {value === null || value === undefined ? (
        <Typography variant="body1" color="text.secondary" sx={{ py: 1.5 }} data-testid="dashboard-missing">
          {missing}
        </Typography>
      ) : (
        <Typography variant="h3" component="p" fontWeight={600} color="primary" data-testid="dashboard-value">
          {value}
        </Typography>
      )}
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </>
  );
}
