// How each optional column of the 产品管理 table shows a product (the column-visibility keys).
import type { ReactNode } from 'react';
import { Box, Chip, Link, Stack } from '@mui/material';
import { openDownload } from '../../shared/files';
import { useApiErrorHandler } from '../../shared/hooks';
import { EllipsisText } from '../../shared/ListParts';
import type { ProductColumnKey } from '../columnVisibility';
import { columnNames } from '../productList';
import { periodLabel, usePeriods } from '../queries';
import type { Product } from '../types';
import { useProductText } from '../useProductText';

export type ProductCells = Record<ProductColumnKey, (product: Product) => ReactNode>;

/** The column headers. */
export function useProductColumnLabels(): Record<ProductColumnKey, string> {
  const t = useProductText();
  return {
    name: t('list.col_name'),
    type: t('list.col_type'),
    contentType: t('list.col_content_type'),
    editors: t('list.col_editors'),
    columns: t('list.col_columns'),
    period: t('list.col_period'),
    template: t('list.col_template'),
    createTime: t('list.col_create_time'),
  };
}

/** The cell renderers (the period dictionary is read once for the table). */
export function useProductCells(): ProductCells {
  const t = useProductText();
  const onError = useApiErrorHandler();
  const periods = usePeriods();
  return {
    name: (product) => (
      <Stack direction="row" spacing={0.75} alignItems="center">
        <EllipsisText text={product.name} maxWidth={220} />
        {product.isWeekly && <Chip size="small" color="primary" variant="outlined" label={t('list.weekly')} />}
      </Stack>
    ),
    type: (product) => t(`type.${product.type === '2' ? '2' : '1'}`),
    contentType: (product) => t(`content_type.${product.contentType === '1' ? '1' : '2'}`),
    editors: (product) => (
      <EllipsisText text={(product.editors ?? []).map((editor) => editor.nickName || String(editor.id)).join('、') || (product.editorIds ?? '')} maxWidth={180} />
    ),
    columns: (product) => <EllipsisText text={columnNames(product.columnList, (name) => `${name}（${t('list.column_disabled')}）`)} maxWidth={240} />,
    period: (product) => periodLabel(product.period, periods.data),
    template: (product) => (
      <Stack spacing={0.25}>
        {(product.files ?? []).map((file) => (
          <Link
            key={file.id}
            component="button"
            type="button"
            underline="hover"
            aria-label={t('list.download', { name: file.realName })}
            sx={{ textAlign: 'left', maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            onClick={(event) => {
              event.stopPropagation();
              void openDownload(file.id).catch(onError);
            }}
          >
            {file.realName}
          </Link>
        ))}
      </Stack>
    ),
    createTime: (product) => <Box sx={{ whiteSpace: 'nowrap' }}>{product.createTime}</Box>,
  };
}
