/** Dictionaries the screens need, with realistic Chinese labels. value is a string (eladmin). */
export const SEED_DICTS: Array<{ name: string; description: string; details: Array<[label: string, value: string]> }> = [
  { name: 'user_status', description: '用户状态', details: [['激活', 'true'], ['禁用', 'false']] },
  { name: 'dept_status', description: '部门状态', details: [['启用', 'true'], ['停用', 'false']] },
  { name: 'job_status', description: '岗位状态', details: [['启用', 'true'], ['停用', 'false']] },
  {
    name: 'content_type',
    description: '稿件内容类型',
    details: [['动态', '1'], ['综述', '2'], ['分析评论', '3'], ['译文', '4'], ['简讯', '5']],
  },
  {
    name: 'domain_type',
    description: '行业领域',
    details: [['政治', '1'], ['经济', '2'], ['军事', '3'], ['科技', '4'], ['能源', '5'], ['外交', '6'], ['社会', '7'], ['文化', '8'], ['环境', '9']],
  },
  {
    name: 'country',
    description: '国家和地区',
    details: [
      ['美国', 'US'], ['英国', 'GB'], ['日本', 'JP'], ['俄罗斯', 'RU'], ['德国', 'DE'], ['法国', 'FR'], ['韩国', 'KR'],
      ['印度', 'IN'], ['澳大利亚', 'AU'], ['加拿大', 'CA'], ['欧盟', 'EU'], ['其他', 'OTHER'],
    ],
  },
  {
    name: 'product_period',
    description: '产品周期',
    details: [['日刊', 'daily'], ['周刊', 'weekly'], ['半月刊', 'semimonthly'], ['月刊', 'monthly'], ['季刊', 'quarterly'], ['年刊', 'yearly'], ['不定期', 'irregular']],
  },
  { name: 'product_type', description: '产品类型', details: [['常规期', '1'], ['专刊', '2']] },
  { name: 'product_content_type', description: '产品稿件类型', details: [['摘要', '1'], ['全文', '2']] },
  { name: 'journal_status', description: '期刊状态', details: [['编辑中', '0'], ['已提交', '1'], ['已完成', '2'], ['修正版', '3']] },
  { name: 'trans_status', description: '翻译状态', details: [['翻译中', 'edit'], ['待审核', 'examine'], ['已审核', 'done']] },
  { name: 'language', description: '语种', details: [['英语', 'en'], ['日语', 'ja'], ['俄语', 'ru'], ['德语', 'de'], ['法语', 'fr'], ['韩语', 'ko'], ['西班牙语', 'es']] },
];
