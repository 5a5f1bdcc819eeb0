import { type ManuscriptRow, toManuscriptDto } from './manuscript.store.js';

const row = (over: Partial<ManuscriptRow> = {}): ManuscriptRow => ({
  id: 1,
  title: '标题',
  memo: null,
  contentType: null,
  domainType: null,
  country: 'US',
  abstracts: '摘要',
  abstractEdit: null,
  firstAuthor: '编译部',
  authorIds: '3,7,99',
  newsId: '12',
  deptId: 4,
  deptName: '新闻中心',
  productId: 2,
  productName: '国际周刊',
  fileId: null,
  version: 1,
  journalId: null,
  isExamine: false,
  isCheck: false,
  sort: 0,
  createById: 5,
  createBy: 'reviewer',
  username: 'reviewer',
  nickName: '审校',
  createTime: new Date(0),
  updateTime: new Date(0),
  hasContent: true,
  ...over,
});

describe('toManuscriptDto', () => {
  it('builds the wire shape: aliases, first column, reviewers that exist, type by content', () => {
    const columns = [
      { id: 11, name: '要闻' },
      { id: 12, name: '综述' },
    ];
    const dto = toManuscriptDto(row(), columns, new Map([[3, '甲'], [7, null]]), new Map());
    expect(dto).toMatchObject({
      abstractOrigin: '摘要',
      productColumn: { id: 11, name: '要闻' },
      product: { id: 2, name: '国际周刊' },
      dept: { id: 4, name: '新闻中心' },
      createBy: { id: 5, username: 'reviewer', nickName: '审校' },
      authors: [
        { id: 3, nickName: '甲' },
        { id: 7, nickName: null },
      ],
      newsId: 12,
      type: 'dynamic',
      files: [],
      journal: null,
    });
    expect(dto).not.toHaveProperty('content');
  });

  it('a local upload: its current file, manuFileId, no column → productColumn null, content when loaded', () => {
    const file = { id: 8, realName: 'a.docx' };
    const dto = toManuscriptDto(row({ hasContent: false, fileId: 8, newsId: null, journalId: 3, content: null }), [], new Map(), new Map([[8, file]]));
    expect(dto).toMatchObject({ type: 'upload', fileId: 8, manuFileId: 8, files: [file], productColumn: null, newsId: null, journal: { id: 3 }, content: null });
  });
});
