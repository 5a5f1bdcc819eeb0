import { Box } from '@mui/material';
import { ExchangeExport } from './ExchangeExport';
import { ExchangeImport } from './ExchangeImport';
import { ExchangeKeys } from './ExchangeKeys';

/**
 * 跨网数据交换 (/dataExchange, docs/collect-design.md §8.1, §9): export news with their files as a
 * signed package, import a package of another installation (resumable chunked upload, progress,
 * report), and the signing keys on both sides.
 */
export function ExchangePage() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1400, mx: 'auto' }}>
      <ExchangeExport />
      <ExchangeImport />
      <ExchangeKeys />
    </Box>
  );
}

export default ExchangePage;
