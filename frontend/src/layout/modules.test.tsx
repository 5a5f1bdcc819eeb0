import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../providers/i18n/i18nProvider';
import { Footer } from './Footer';
import { getCurrentModule, moduleOfPath, setCurrentModule } from './modules';

describe('moduleOfPath', () => {
  it('names the module of a page from its path', () => {
    expect(moduleOfPath('/product/productSetting')).toBe('process');
    expect(moduleOfPath('/product/productJournal?productId=3')).toBe('process');
    expect(moduleOfPath('/product/manuscript')).toBe('process');
    expect(moduleOfPath('/productProcess-manu')).toBe('process');
    expect(moduleOfPath('/pro/news/detailFull/12')).toBe('process');
    expect(moduleOfPath('/yjList')).toBe('process');
    expect(moduleOfPath('/system/user')).toBe('system');
    expect(moduleOfPath('/monitor/logs')).toBe('system');
    expect(moduleOfPath('/website-statistic')).toBe('collect');
    expect(moduleOfPath('/website')).toBe('storage');
    expect(moduleOfPath('/dataExchange')).toBe('storage');
  });

  it('leaves pages of no module to the module chosen last', () => {
    for (const path of ['/user/center', '/enter', '/', '/404', '/redirect/system/user', '/products']) expect(moduleOfPath(path)).toBeNull();
  });
});

describe('Footer', () => {
  const renderAt = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <AdminContext store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
          <Footer />
        </AdminContext>
      </MemoryRouter>,
    );

  beforeEach(() => localStorage.clear());

  it('names 产品加工 on a product page, not the default 系统管理', () => {
    renderAt('/product/productSetting');
    expect(screen.getByTestId('module-label').textContent).toMatch(/^产品加工 · /);
    // and the pages after it keep that module
    expect(getCurrentModule()).toBe('process');
  });

  it('names the module chosen last on a page of no module', () => {
    setCurrentModule('storage');
    renderAt('/user/center');
    expect(screen.getByTestId('module-label').textContent).toMatch(/^数据存储 · /);
  });

  it('names 系统管理 on an administration page even after another module was chosen', () => {
    setCurrentModule('process');
    renderAt('/system/user');
    expect(screen.getByTestId('module-label').textContent).toMatch(/^系统管理 · /);
  });
});
