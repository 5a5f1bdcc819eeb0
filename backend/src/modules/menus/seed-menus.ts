import type { MenuModule } from './menu.entity.js';

/** A menu of the seed: directories (0), menus (1) and buttons (2, carrying permission codes). */
export interface SeedMenu {
  title: string;
  type: 0 | 1 | 2;
  path?: string;
  component?: string;
  componentName?: string;
  icon?: string;
  permission?: string;
  hidden?: boolean;
  iFrame?: boolean;
  children?: SeedMenu[];
}

const buttons = (prefix: string, label: string, actions: Array<[string, string]> = [['add', '新增'], ['edit', '修改'], ['del', '删除']]): SeedMenu[] =>
  actions.map(([code, verb]) => ({ title: `${label}${verb}`, type: 2, permission: `${prefix}:${code}` }));

const page = (title: string, path: string, component: string, icon: string, permission?: string, children?: SeedMenu[], hidden = false): SeedMenu => ({
  title,
  type: 1,
  path,
  component,
  componentName: component.replace(/\/index$/, '').replace(/(^|[/-])(\w)/g, (_m, _s: string, c: string) => c.toUpperCase()),
  icon,
  permission,
  children,
  hidden,
});

/** Menus for every area of both spec documents, grouped by launch-page module. */
export const SEED_MENUS: Array<{ module: MenuModule; menus: SeedMenu[] }> = [
  {
    module: 'system',
    menus: [
      {
        title: '系统管理',
        type: 0,
        path: 'system',
        icon: 'system',
        children: [
          page('用户管理', 'user', 'system/user/index', 'peoples', 'user:list', buttons('user', '用户')),
          page('角色管理', 'role', 'system/role/index', 'role', 'roles:list', buttons('roles', '角色')),
          page('菜单管理', 'menu', 'system/menu/index', 'menu', 'menu:list', buttons('menu', '菜单')),
          page('部门管理', 'dept', 'system/dept/index', 'dept', 'dept:list', buttons('dept', '部门')),
          page('岗位管理', 'job', 'system/job/index', 'Steve-Jobs', 'job:list', buttons('job', '岗位')),
          page('字典管理', 'dict', 'system/dict/index', 'dictionary', 'dict:list', buttons('dict', '字典')),
          page('新闻主题', 'theme', 'system/theme/index', 'theme', 'newsTheme:list', buttons('newsTheme', '主题')),
          page('新闻分类', 'classify', 'system/classify/index', 'tree', 'newsClassify:list', buttons('newsClassify', '分类')),
          page('机器翻译', 'mt', 'system/mt/index', 'language', 'mt:list', buttons('mt', '术语')),
        ],
      },
      {
        title: '系统监控',
        type: 0,
        path: 'monitor',
        icon: 'monitor',
        children: [page('在线用户', 'online', 'monitor/online/index', 'Steve-Jobs'), page('操作日志', 'logs', 'monitor/log/index', 'log')],
      },
    ],
  },
  {
    module: 'process',
    menus: [
      {
        title: '动态跟踪',
        type: 0,
        path: 'pro',
        icon: 'news',
        children: [
          page('新闻首页', 'home', 'pro/home/index', 'dashboard'),
          page('新闻列表', 'news', 'pro/news/index', 'list', 'news:list', [
            { title: '设为噪音', type: 2, permission: 'news:noise' },
            { title: '翻译审核', type: 2, permission: 'news:judge' },
            { title: '新闻推送', type: 2, permission: 'news:push' },
            { title: '新闻跟踪', type: 2, permission: 'news:recommend' },
            { title: '新闻精选', type: 2, permission: 'news:choice' },
            { title: '新闻翻译', type: 2, permission: 'news:translate' },
            // Keyword alert rules of the department (docs/collect-design.md §5.5), managed from /yjList.
            { title: '预警规则查看', type: 2, permission: 'alertRule:list' },
            ...buttons('alertRule', '预警规则'),
          ]),
          page('收藏新闻', 'collect', 'pro/collect/index', 'star', 'newsCollect:list', buttons('newsCollect', '收藏')),
          page('动态加工', 'product', 'pro/product/index', 'edit'),
          page('查询统计', 'analysis', 'pro/analysis/index', 'chart'),
          page('稿件管理', 'manuscript', 'pro/manuscript/index', 'documentation', 'manuscript:list', [
            ...buttons('manuscript', '稿件'),
            { title: '稿件管理员', type: 2, permission: 'manuscript:admin' },
          ]),
          page('新闻订阅', 'subscribe', 'pro/subscribe/index', 'skill'),
        ],
      },
      {
        title: '产品加工',
        type: 0,
        path: 'product',
        icon: 'product',
        children: [
          page('产品设置', 'productSetting', 'product/productSetting/index', 'component', 'productSetting:list', buttons('productSetting', '产品')),
          page('期刊管理', 'productJournal', 'product/productJournal/index', 'education', 'productJournal:list', [
            ...buttons('productJournal', '期刊'),
            { title: '期刊稿件配置', type: 2, permission: 'productJournal:manu' },
          ]),
          page('期刊编辑', 'manuscript', 'product/manuscript/index', 'edit', undefined, undefined, true),
          page('统计报告', 'statistic', 'product/statistic/index', 'chart'),
          // 动态投票 (docs/votes.md): the page is /productProcess-vote of the top navigation; this menu carries its codes.
          page('动态投票', 'vote', 'product/vote/index', 'chart', 'vote:list', [
            { title: '参与投票', type: 2, permission: 'vote:cast' },
            ...buttons('vote', '投票', [['add', '发起'], ['edit', '结束'], ['del', '删除']]),
          ], true),
        ],
      },
    ],
  },
  {
    // The data collection and storage systems live at top-level routes in the spec (/website-statistic,
    // /dataExchange, ...): root menus without a directory.
    module: 'collect',
    menus: [
      page('数据统计', 'website-statistic', 'collect/statistic/index', 'chart', 'website:list'),
      page('采集配置', 'collect-config', 'collect/website/index', 'web', 'website:list', [
        ...buttons('website', '网站'),
        { title: '网站采集', type: 2, permission: 'website:collect' },
      ]),
    ],
  },
  {
    module: 'storage',
    menus: [
      page('跨网数据交换', 'dataExchange', 'storage/dataExchange/index', 'swap', 'timing:list', [{ title: '数据存储管理', type: 2, permission: 'timing:edit' }]),
      page('数据存储备份', 'dataSave', 'storage/dataSave/index', 'backup', 'timing:list'),
      page('数据源管理', 'website', 'storage/website/index', 'web', 'timing:list'),
      page('文件存储', 'localStorage', 'tools/storage/index', 'upload', 'storage:list', buttons('storage', '文件')),
    ],
  },
];
