import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { abilityFromCodes, AppAbilityProvider } from '../../../providers/ability';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { stubFetch } from '../../../resources/shared/testUtils';
import type { VoteCandidate, VoteDetail, VoteSummary } from './types';
import { VotePage } from './VotePage';

const summary = (id: number, fields: Partial<VoteSummary> = {}): VoteSummary => ({
  id,
  title: `投票 ${id}`,
  product: { id: 1, name: '要闻周刊' },
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  votesPerPerson: 2,
  state: 'open',
  candidateCount: 2,
  voterCount: 1,
  ballotCount: 1,
  myVotes: 1,
  createBy: { id: 2, username: 'editor' },
  createTime: '2026-03-31 10:00:00',
  closedAt: null,
  closedBy: null,
  canManage: true,
  ...fields,
});

const candidate = (manuscriptId: number, fields: Partial<VoteCandidate> = {}): VoteCandidate => ({
  manuscriptId,
  title: `稿件 ${manuscriptId}`,
  journalId: 1,
  journalLabel: '2026年第1期',
  columnName: '国际要闻',
  deptName: '期刊编辑部',
  votes: 0,
  percent: 0,
  rank: 1,
  mine: false,
  ...fields,
});

const detail = (id: number, fields: Partial<VoteDetail> = {}): VoteDetail => ({
  ...summary(id),
  remainingVotes: 1,
  candidates: [candidate(11, { votes: 1, percent: 100, mine: true }), candidate(12, { rank: 2 })],
  ...fields,
});

function renderPage(codes: string[], votes: VoteSummary[], answers: Record<string, unknown> = {}) {
  const calls = stubFetch((method, url) => {
    const key = `${method} ${url.replace(/\?.*$/, '')}`;
    if (key in answers) return answers[key];
    if (url.includes('voteList')) return { content: votes, totalElements: votes.length };
    if (url.includes('manuscriptVote/info')) return detail(Number(/id=(\d+)/.exec(url)?.[1]));
    return {};
  });
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => codes,
  };
  render(
    <MemoryRouter initialEntries={['/productProcess-vote']}>
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <AppAbilityProvider value={abilityFromCodes(codes)}>
          <VotePage />
          <Notification />
        </AppAbilityProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('VotePage', { timeout: 20_000 }, () => {
  it('says so in Chinese when there is no vote, and offers 发起投票 to editors only', async () => {
    renderPage(['vote:list', 'vote:cast'], []);
    expect(await screen.findByText('暂无投票')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发起投票' })).toBeNull();
  });

  it('lists the votes with their state and opens the first one with its tally and remaining votes', async () => {
    const calls = renderPage(['vote:list', 'vote:cast', 'vote:add', 'vote:edit'], [summary(1), summary(2, { state: 'closed', title: '二月评选' })]);
    const panel = await screen.findByTestId('vote-detail');
    expect(within(screen.getByTestId('vote-row-1')).getByText('进行中')).toBeTruthy();
    expect(within(screen.getByTestId('vote-row-2')).getByText('已结束')).toBeTruthy();
    expect(within(panel).getByText(/剩余 1 票/)).toBeTruthy();
    expect(within(panel).getByText('稿件 11')).toBeTruthy();
    expect(within(screen.getByTestId('candidate-11')).getByRole('button', { name: '撤回' })).toBeTruthy();
    expect(within(screen.getByTestId('candidate-12')).getByRole('button', { name: '投票' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发起投票' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '结束投票' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('api/productManuscript/voteList'))).toBe(true);
  });

  it('casts a ballot and shows the answered tally', async () => {
    const calls = renderPage(['vote:list', 'vote:cast'], [summary(1)], {
      'POST /api/manuscriptVote/ballot': detail(1, { remainingVotes: 0, myVotes: 2, candidates: [candidate(11, { votes: 1, mine: true }), candidate(12, { votes: 1, mine: true })] }),
    });
    fireEvent.click(await within(await screen.findByTestId('candidate-12')).findByRole('button', { name: '投票' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.includes('manuscriptVote/ballot'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ voteId: 1, manuscriptId: 12 });
    expect(await screen.findByText('投票成功')).toBeTruthy();
    expect(await screen.findByText(/票已投完/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '结束投票' })).toBeNull();
  });

  it('shows a closed vote as frozen, with 导出结果 and no ballot buttons', async () => {
    renderPage(['vote:list', 'vote:cast'], [summary(3, { state: 'closed' })], {
      'GET /api/manuscriptVote/info': detail(3, { state: 'closed', remainingVotes: 0, closedBy: 'editor', closedAt: '2026-04-01 09:00:00' }),
    });
    const panel = await screen.findByTestId('vote-detail');
    expect(within(panel).getByText(/结果已冻结/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '导出结果' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: '投票' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: '撤回' })).toBeNull();
  });
});
