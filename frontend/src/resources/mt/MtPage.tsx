import { Stack } from '@mui/material';
import { GlossaryList } from './GlossaryList';
import { MtFailures } from './MtFailures';
import { MtStatusCard } from './MtStatusCard';

/**
 * 系统管理 → 机器翻译 (/system/mt, menu component `system/mt/index`, `mt:list`): engine and queue
 * status, the failed translations with retry, and the glossary applied to every engine's output.
 */
export function MtPage() {
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <MtStatusCard />
      <MtFailures />
      <GlossaryList />
    </Stack>
  );
}
