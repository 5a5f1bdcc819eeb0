// The workbench's confirmations: 我要翻译 over unsaved changes, 提交审核, 释放.
import { Confirm } from 'react-admin';
import type { Workbench } from './useWorkbench';

export function WorkbenchConfirms({ wb }: { wb: Workbench }) {
  const { t, asking, setAsking, commands } = wb;
  return (
    <>
      <Confirm
        isOpen={asking === 'claim'}
        title={t('confirm.claim_title')}
        content={t('confirm.claim_dirty')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        onConfirm={() => {
          setAsking(null);
          commands.claim(true);
        }}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'submit'}
        title={t('confirm.submit_title')}
        content={t('confirm.submit_content')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        onConfirm={() => {
          setAsking(null);
          void commands.submit();
        }}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'release'}
        title={t('confirm.release_title')}
        content={t(wb.dirty ? 'confirm.release_dirty' : 'confirm.release_content')}
        confirm={t('confirm.ok')}
        cancel={t('confirm.cancel')}
        confirmColor="warning"
        onConfirm={() => {
          setAsking(null);
          void commands.release();
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
