// 产品管理 page (spec production-admin §2 "Product management page"): tabs 产品管理 and 期刊管理;
// switching refreshes the list of the tab; a product's 期刊管理 opens the journal tab filtered by
// it. Rendered in the product-processing shell and in the admin layout (`mode`). A page, not a
// screen folder: it hosts the product screens' list and the journal screens' list side by side.
import { LinearProgress, Alert, Box, Paper, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { journalKeys } from '../../resources/journals/api';
import { JournalList } from '../../resources/journals/JournalList';
import { productKeys } from '../../resources/products/api';
import { ProductSettingsList } from '../../resources/products/ProductSettingsList';
import { useProductText } from '../../resources/products/useProductText';
import { useProductAbilities } from '../../resources/shared/production/access';
import { managementHref, type ManagementMode, managementStateOf, type ManagementTab } from '../../resources/shared/production/managementRoutes';

export function ProductManagementPage({ mode }: { mode: ManagementMode }) {
  const t = useProductText();
  const abilities = useProductAbilities();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { tab: requested, productId } = managementStateOf(mode, pathname, search);

  const tabs: ManagementTab[] = [];
  if (abilities.listProducts) tabs.push('product');
  if (abilities.listJournals) tabs.push('journal');
  const tab = tabs.includes(requested) ? requested : tabs[0];

  const refresh = (next: ManagementTab) => void queryClient.invalidateQueries({ queryKey: next === 'product' ? productKeys.lists : journalKeys.lists });
  const open = (next: ManagementTab, product?: number | null) => {
    refresh(next);
    navigate(managementHref(mode, next, product));
  };

  return (
    <Box sx={{ p: mode === 'admin' ? { xs: 1, sm: 2 } : 0 }}>
      {mode === 'admin' && <Title title={t('page.title')} />}
      {!abilities.ready ? (
        <LinearProgress />
      ) : tab === undefined ? (
        <Alert severity="warning">{t('page.no_access')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_event, next: ManagementTab) => open(next)}
            aria-label={t('page.tabs_label')}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((key) => (
              <Tab key={key} value={key} label={t(key === 'product' ? 'page.tab_product' : 'page.tab_journal')} id={`product-tab-${key}`} aria-controls={`product-panel-${key}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`product-panel-${tab}`} aria-labelledby={`product-tab-${tab}`}>
            {tab === 'product' ? (
              <ProductSettingsList abilities={abilities} onOpenJournals={(product) => open('journal', product.id)} />
            ) : (
              <JournalList key={productId ?? 'all'} abilities={abilities} initialProductId={productId} mode={mode} />
            )}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
