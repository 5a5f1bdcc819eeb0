import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout } from 'react-admin';
import { LiveNoticesDeferred as LiveNotices } from '../components/LiveNoticesDeferred';
import { Footer } from './Footer';
import { HorizonAppBar } from './HorizonAppBar';
import { HorizonSidebar } from './HorizonSidebar';
import { MenusProvider } from './MenusContext';
import { SidebarMenu } from './SidebarMenu';
import { TagsView } from './TagsView';
import { useSettings } from './useSettings';

/** The system-management shell: app bar, module menu, tag bar, content and footer. */
export function HorizonLayout({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  return (
    <MenusProvider>
      <LiveNotices />
      <Layout
        appBar={HorizonAppBar}
        menu={SidebarMenu}
        sidebar={HorizonSidebar}
        appBarAlwaysOn={settings.fixedHeader}
        // let the content column shrink to the viewport; wide tables scroll inside it
        sx={{ '& .RaLayout-content': { minWidth: 0 } }}
      >
        {settings.tagsView && <TagsView sticky={settings.fixedHeader} />}
        <Box sx={{ flex: 1, minWidth: 0, overflowX: 'auto', pt: 1.5, px: { xs: 0, sm: 0.5 } }}>{children}</Box>
        <Footer />
      </Layout>
    </MenusProvider>
  );
}
