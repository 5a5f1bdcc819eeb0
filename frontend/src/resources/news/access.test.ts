import { canPushRow, newsAbilities, rowActions } from './access';

const row = (over: { isCollect?: boolean; isProcessed?: string | null } = {}) => ({ isCollect: false, isProcessed: null, ...over });

describe('newsAbilities', () => {
  it('maps the spec permission codes', () => {
    expect(newsAbilities(['news:recommend', 'newsCollect:add'])).toEqual({
      track: true,
      choose: false,
      translate: false,
      judge: false,
      push: false,
      noise: false,
      collect: true,
      uncollect: false,
    });
  });

  it('gives admin everything and the default role nothing', () => {
    expect(Object.values(newsAbilities(['admin'])).every(Boolean)).toBe(true);
    expect(Object.values(newsAbilities(['ROLE_SYSTEM_DEFAULT'])).some(Boolean)).toBe(false);
  });
});

describe('rowActions', () => {
  const everyone = newsAbilities(['newsCollect:add', 'newsCollect:del']);
  const reviewer = newsAbilities(['newsCollect:add', 'newsCollect:del', 'news:recommend', 'news:translate', 'news:judge', 'news:choice', 'news:push', 'news:noise']);

  it('offers collect, share, label, warn to everyone; track with news:recommend', () => {
    expect(rowActions(row(), 'all', everyone)).toEqual(['collect', 'share', 'label', 'warn']);
    expect(rowActions(row(), 'all', newsAbilities(['news:recommend', 'newsCollect:add']))).toEqual(['collect', 'share', 'label', 'track', 'warn']);
  });

  it('needs newsCollect:add to collect and newsCollect:del to un-collect', () => {
    expect(rowActions(row(), 'all', newsAbilities(['newsCollect:del']))).not.toContain('collect');
    expect(rowActions(row({ isCollect: true }), 'all', newsAbilities(['newsCollect:add']))).not.toContain('collect');
    expect(rowActions(row({ isCollect: true }), 'all', newsAbilities(['newsCollect:del']))).toContain('collect');
  });

  it('adds selected status, translate, review and submit in the 精选 list only', () => {
    expect(rowActions(row({ isProcessed: 'done' }), 'all', reviewer)).toEqual(['collect', 'share', 'label', 'track', 'warn', 'noise', 'delete']);
    expect(rowActions(row({ isProcessed: 'done' }), 'choice', reviewer)).toEqual([
      'collect', 'share', 'label', 'track', 'warn', 'chosen', 'translate', 'review', 'push', 'noise', 'delete',
    ]);
  });

  it('offers review only for items in examine or done', () => {
    expect(rowActions(row({ isProcessed: 'examine' }), 'choice', reviewer)).toContain('review');
    expect(rowActions(row({ isProcessed: null }), 'choice', reviewer)).not.toContain('review');
  });

  it('gates translate, review, submit and noise by their codes', () => {
    const translator = newsAbilities(['news:translate']);
    expect(rowActions(row({ isProcessed: 'done' }), 'choice', translator)).toEqual(['share', 'label', 'warn', 'chosen', 'translate']);
  });

  it('submits only processed items', () => {
    expect(canPushRow({ isProcessed: 'done' })).toBe(true);
    expect(canPushRow({ isProcessed: 'examine' })).toBe(false);
    expect(canPushRow({ isProcessed: null })).toBe(false);
  });
});
