// 产品管理 tab (spec production-admin §2 "Product settings screen"): search by name, 新增 / 修改 (one
// row) / 删除 (one or more) / 导出, the column-visibility popover, the product table with its row
// actions (编辑, 删除, 统计报告, 期刊管理) and the add/edit and statistics dialogs. The state and
// requests are in settings/useProductSettingsList, the toolbar, cells and row in settings/.
import { Box, TableCell, TableSortLabel, TextField } from '@mui/material';
import { ListPager } from '../shared/pager/ListPager';
import { DeleteConfirmButton, EmptyRow, ListFrame, listHeadSx, SearchForm, SelectAllCell, SkeletonRows } from '../shared/ListFrame';
import { actionsColumnSx, PAGE_SIZES } from '../shared/ListParts';
import type { ProductAbilities } from '../shared/production/access';
import { ProductFormDialog } from './ProductFormDialog';
import { createTimeDirection, nextCreateTimeSort } from './productList';
import { useProductCells, useProductColumnLabels } from './settings/productCells';
import { ProductTableRow } from './settings/ProductTableRow';
import { ProductToolbar } from './settings/ProductToolbar';
import { useProductSettingsList } from './settings/useProductSettingsList';
import { StatisticsDialog } from './StatisticsDialog';
import type { Product } from './types';
import { useProductText } from './useProductText';

export { VISIBLE_COLUMNS_STORE_KEY } from './settings/useProductSettingsList';

export interface ProductSettingsListProps {
  abilities: ProductAbilities;
  /** 期刊管理 of a row: the journal list filtered by the product. */
  onOpenJournals?: (product: Product) => void;
}

export function ProductSettingsList({ abilities, onOpenJournals }: ProductSettingsListProps) {
  const t = useProductText();
  const state = useProductSettingsList();
  const { list, rows, total, query, update, selected, setSelected, remove, visible } = state;
  const labels = useProductColumnLabels();
  const cells = useProductCells();

  const canSelect = abilities.editProduct || abilities.deleteProduct;
  const hasActions = abilities.editProduct || abilities.deleteProduct || abilities.listProducts || (abilities.listJournals && Boolean(onOpenJournals));
  const columnCount = visible.length + (canSelect ? 1 : 0) + (hasActions ? 1 : 0);
  const firstLoad = list.isPending;
  const createTimeSort = createTimeDirection(query.sort);

  const deleteButton = (ids: number[], variant: 'icon' | 'text') => (
    <DeleteConfirmButton
      variant={variant}
      label={t(variant === 'icon' ? 'list.act_delete' : 'list.delete')}
      title={t('list.confirm_title')}
      content={t('list.delete_confirm', { count: ids.length })}
      loading={remove.isPending}
      disabled={ids.length === 0}
      onConfirm={() => remove.mutate(ids)}
    />
  );

  return (
    <Box>
      <SearchForm onSearch={state.search} onReset={state.reset} searchLabel={t('list.search')} resetLabel={t('list.reset')}>
        <TextField
          size="small"
          label={t('list.search_label')}
          placeholder={t('list.search_placeholder')}
          value={state.text}
          onChange={(event) => state.setText(event.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </SearchForm>

      <ProductToolbar state={state} abilities={abilities} canSelect={canSelect} labels={labels} deleteButton={deleteButton(selected, 'text')} />

      <ListFrame
        label={t('list.table_label')}
        query={list}
        failedLabel={t('list.load_failed')}
        retryLabel={t('list.retry')}
        head={
          <>
            {canSelect && <SelectAllCell pageIds={rows.map((row) => row.id)} selected={selected} onChange={setSelected} label={t('list.select_page')} />}
            {visible.map((key) =>
              key === 'createTime' ? (
                <TableCell key={key} sx={listHeadSx} sortDirection={createTimeSort}>
                  <TableSortLabel active={createTimeSort !== false} direction={createTimeSort || 'asc'} onClick={() => update({ sort: nextCreateTimeSort(query.sort), page: 0 })}>
                    {labels.createTime}
                  </TableSortLabel>
                </TableCell>
              ) : (
                <TableCell key={key} sx={listHeadSx}>
                  {labels[key]}
                </TableCell>
              ),
            )}
            {hasActions && <TableCell sx={{ ...listHeadSx, ...actionsColumnSx }}>{t('list.col_actions')}</TableCell>}
          </>
        }
        footer={
          <ListPager
            total={total}
            page={query.page + 1}
            size={query.size}
            sizes={PAGE_SIZES}
            disabled={firstLoad}
            onPage={(page) => update({ page: page - 1 })}
            onSize={(size) => update({ size, page: 0 })}
          />
        }
      >
        {firstLoad ? (
          <SkeletonRows columns={columnCount} />
        ) : (
          rows.map((product) => (
            <ProductTableRow
              key={product.id}
              product={product}
              abilities={abilities}
              visible={visible}
              cells={cells}
              canSelect={canSelect}
              checked={selected.includes(product.id)}
              onToggle={() => state.toggle(product.id)}
              hasActions={hasActions}
              onEdit={() => state.setDialog({ open: true, product })}
              onStatistics={() => state.setStatistics({ open: true, product })}
              onOpenJournals={onOpenJournals}
              deleteButton={deleteButton([product.id], 'icon')}
            />
          ))
        )}
        {!firstLoad && rows.length === 0 && (
          <EmptyRow
            columns={columnCount}
            text={query.name ? t('list.empty_search', { name: query.name }) : t('list.empty')}
            hint={!query.name && abilities.addProduct ? t('list.empty_hint') : null}
          />
        )}
      </ListFrame>

      <ProductFormDialog open={state.dialog.open} product={state.dialog.product} onClose={() => state.setDialog((d) => ({ ...d, open: false }))} />
      <StatisticsDialog open={state.statistics.open} product={state.statistics.product} onClose={() => state.setStatistics((s) => ({ ...s, open: false }))} />
    </Box>
  );
}
