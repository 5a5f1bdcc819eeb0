import { DEFAULT_CLUSTER_THRESHOLD, decideCluster, storySignatures, storySimilarity, type ClusterCandidate } from './story-cluster';

const H = 3_600_000;
const fedZh = {
  lang: 'zh',
  title: '美联储宣布降息25个基点 利率区间降至3.75%至4%',
  content: '美国联邦储备委员会4日宣布将联邦基金利率目标区间下调25个基点至3.75%至4%之间，这是美联储年内第二次降息，声明称就业增长放缓，通胀仍略高于2%的目标。',
};
const fedEn = {
  lang: 'en',
  title: 'Fed cuts rates by a quarter point to 3.75%-4% range',
  content: 'The Federal Reserve on Wednesday cut its benchmark interest rate by 25 basis points to a range of 3.75% to 4%, its second cut this year, saying job growth has slowed.',
  titleCn: '美联储降息25个基点至3.75%-4%区间',
  contentCn: '美联储周三将基准利率下调25个基点至3.75%至4%区间，这是今年第二次降息，称就业增长已经放缓，而通胀仍略高于2%的目标。',
};
const quake = {
  lang: 'zh',
  title: '日本宫城县近海发生6.8级地震',
  content: '据日本气象厅消息，当地时间3日凌晨，日本宫城县近海发生6.8级地震，气象厅随即对太平洋沿岸发布海啸注意报，女川核电站未发现重大异常。',
};

function candidate(id: string, text: typeof fedZh | typeof fedEn, time: number, clusterId: string | null = null, clusterSize = 1): ClusterCandidate {
  const s = storySignatures(text);
  return { id, clusterId, clusterSize, publishTime: time, webId: id, orig: s.orig, zh: s.zh };
}

describe('story clustering decision (docs/collect-design.md §4.3 assignment)', () => {
  it('a Chinese item is its own zh signature; an English item uses its MT; without MT it has none', () => {
    const zh = storySignatures(fedZh);
    expect(zh.zh).toBe(zh.orig);
    expect(storySignatures(fedEn).zh).not.toBeNull();
    expect(storySignatures({ ...fedEn, titleCn: null, contentCn: null }).zh).toBeNull();
    expect(zh.bands.length).toBeGreaterThan(0);
    // a Chinese item keeps only its zh band keys (half the rows); an English item with MT keeps both kinds
    expect(storySignatures(fedEn).bands.length).toBe(2 * zh.bands.length);
  });

  it('compares same-kind signatures: the MT of an English item matches the Chinese item', () => {
    const zh = storySignatures(fedZh);
    const en = storySignatures(fedEn);
    const noMt = storySignatures({ ...fedEn, titleCn: null, contentCn: null });
    expect(storySimilarity(zh, en)).toBeGreaterThan(storySimilarity(zh, noMt));
    // only the shared numbers (25, 3.75, 4, 2) overlap across the two languages
    expect(storySimilarity(zh, noMt)).toBeLessThan(DEFAULT_CLUSTER_THRESHOLD);
    expect(storySimilarity(zh, en)).toBeGreaterThanOrEqual(DEFAULT_CLUSTER_THRESHOLD);
  });

  it('joins the best verified candidate within the window', () => {
    const item = { publishTime: 10 * H, ...storySignatures(fedZh) };
    const d = decideCluster(item, [candidate('quake', quake, 9 * H), candidate('en', fedEn, 9 * H, 'c1', 3)], { threshold: 0.2 });
    expect(d).toMatchObject({ action: 'join', candidateId: 'en', clusterId: 'c1' });
  });

  it('a candidate without a cluster is returned with clusterId null (a new cluster of both)', () => {
    const item = { publishTime: 10 * H, ...storySignatures(fedZh) };
    expect(decideCluster(item, [candidate('en', fedEn, 8 * H)], { threshold: 0.2 })).toMatchObject({ action: 'join', candidateId: 'en', clusterId: null });
  });

  it('stays alone outside the window, under the threshold, or when the cluster is full', () => {
    const item = { publishTime: 100 * H, ...storySignatures(fedZh) };
    expect(decideCluster(item, [candidate('old', fedEn, 100 * H - 73 * H)], { threshold: 0.2, windowHours: 72 })).toEqual({ action: 'new' });
    expect(decideCluster(item, [candidate('near', fedEn, 100 * H - 71 * H)], { threshold: 0.2, windowHours: 72 }).action).toBe('join');
    expect(decideCluster(item, [candidate('quake', quake, 99 * H)], { threshold: 0.2 })).toEqual({ action: 'new' });
    expect(decideCluster(item, [candidate('en', fedEn, 99 * H, 'c1', 500)], { threshold: 0.2, maxClusterSize: 500 })).toEqual({ action: 'new' });
    expect(decideCluster(item, [], {})).toEqual({ action: 'new' });
  });

  it('breaks a similarity tie by the earlier candidate', () => {
    const item = { publishTime: 10 * H, ...storySignatures(fedZh) };
    const d = decideCluster(item, [candidate('later', fedZh, 9 * H, 'c2', 2), candidate('earlier', fedZh, 8 * H, 'c1', 2)], { threshold: 0.2 });
    expect(d).toMatchObject({ action: 'join', candidateId: 'earlier', clusterId: 'c1', similarity: 1 });
  });
});
