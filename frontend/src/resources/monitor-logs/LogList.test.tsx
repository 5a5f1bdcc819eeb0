import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { fakeDataProvider, renderScreen } from '../shared/testUtils';
import { LogList } from './LogList';

describe('LogList', { timeout: 30_000 }, () => {
  it('shows the log type and expands an error into its exception detail', async () => {
    const dataProvider = fakeDataProvider({
      'monitor/logs': () => [
        { id: 1, username: 'admin', description: '新增用户', logType: 'INFO', time: 12, params: '{"username":"x"}', requestIp: '120.24.78.68', address: '中国 广东省 深圳市 阿里云' },
        { id: 2, username: 'admin', description: '删除部门', logType: 'ERROR', time: 40, exceptionDetail: 'java.lang.Boom' },
      ],
    });
    renderScreen(
      <ResourceContextProvider value="monitor/logs">
        <LogList />
      </ResourceContextProvider>,
      dataProvider,
    );
    expect(await screen.findByText('新增用户')).toBeTruthy();
    expect(screen.getByText('异常')).toBeTruthy();
    expect(screen.getByText('40ms')).toBeTruthy();
    expect(screen.getByText('中国 广东省 深圳市 阿里云')).toBeTruthy(); // the IP来源 column (issue 12)
    expect(screen.queryByText('java.lang.Boom')).toBeNull();

    fireEvent.click(screen.getByText('删除部门'));
    expect(await screen.findByText('java.lang.Boom')).toBeTruthy();
    expect(dataProvider.getList).toHaveBeenCalledWith('monitor/logs', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });
});
