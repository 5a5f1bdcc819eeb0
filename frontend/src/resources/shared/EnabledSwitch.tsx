import { useState } from 'react';
import { Switch } from '@mui/material';
import { Confirm, useResourceContext } from 'react-admin';
import { useCan } from './access';
import { useSaveRecord } from './hooks';
import { enableConfirmText } from './text';

export interface EnabledSwitchProps<R extends { id: number; enabled: boolean }> {
  record: R;
  /** Shown in the question, e.g. the username. */
  name: string;
  /** The full PUT body with `enabled` changed (the API replaces the record). */
  toPayload: (record: R, enabled: boolean) => { id: number };
  resource?: string;
}

/** Enable/disable in the list, after `此操作将 启用/禁用 xxx, 是否继续？`. Read-only without edit permission. */
export function EnabledSwitch<R extends { id: number; enabled: boolean }>({ record, name, toPayload, resource }: EnabledSwitchProps<R>) {
  const fromContext = useResourceContext();
  const target = resource ?? fromContext ?? '';
  const allowed = useCan('edit', target);
  const [asking, setAsking] = useState(false);
  const { save, isPending } = useSaveRecord<{ id: number }>(target);
  const next = !record.enabled;
  return (
    <>
      <Switch
        size="small"
        checked={Boolean(record.enabled)}
        disabled={!allowed || isPending}
        onClick={(event) => event.stopPropagation()}
        onChange={() => setAsking(true)}
        slotProps={{ input: { 'aria-label': record.enabled ? '禁用' : '启用' } }}
      />
      <Confirm
        isOpen={asking}
        title="提示"
        content={enableConfirmText(next, name)}
        confirm="确认"
        cancel="取消"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          save(toPayload(record, next), record);
        }}
      />
    </>
  );
}
