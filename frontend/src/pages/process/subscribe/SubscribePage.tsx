// 新闻订阅 (/pro/subscribe; spec production-admin §2 "Subscription page", issue 17, docs/subscriptions.md):
// tabs 我的订阅 + the selector of the chosen mode (按网站: the websites, 按分类: the category tree,
// 按主题: one tab per theme); the search text filters the active tab; the website and category lists
// start with 全部. Each change is saved at once (POST api/newsInterest with the changed list), and
// 我的订阅 sets how often new items are announced (GET api/news/setFrequency).
import { type ReactNode, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  InputAdornment,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import SearchIcon from '@mui/icons-material/Search';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CheckTree } from '../../../resources/shared/CheckTree';
import { toViewItems } from '../../../resources/shared/tree';
import { detailHref } from '../../../resources/news/api';
import { type Frequency, type Interest, type InterestClassifyNode, subscribeApi, type Theme } from './api';
import { currentTab, filterTree, idsOf, matches, modeOf, SUBSCRIBE_MODES, tabsOf, toggleIds } from './model';
import { type SubscribeT, useSubscribeText } from './useSubscribeText';

const KEYS = {
  mine: ['horizon', 'subscribe', 'mine'] as const,
  websites: ['horizon', 'subscribe', 'websites'] as const,
  classes: ['horizon', 'subscribe', 'classes'] as const,
  themes: ['horizon', 'subscribe', 'themes'] as const,
  themeNews: (id: number) => ['horizon', 'subscribe', 'themeNews', id] as const,
};

const FREQUENCIES: Frequency[] = ['realtime', 'hourly', 'daily', 'never'];

/** The id of the category tree's root 全部 (spec: "root node all (id 9999)"). */
const ROOT_ID = 9999;

type Lists = { websiteIds?: number[]; classifyIds?: number[]; themeIds?: number[] };

function Empty({ text, hint }: { text: string; hint?: ReactNode }) {
  return (
    <Box data-testid="subscribe-empty" sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <InboxOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography sx={{ mt: 1 }}>{text}</Typography>
      {hint && <Box sx={{ mt: 1 }}>{hint}</Box>}
    </Box>
  );
}

function Loading({ t }: { t: SubscribeT }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 6, justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}>
      <CircularProgress size={20} />
      <span>{t('loading')}</span>
    </Stack>
  );
}

/** Flat id → name of a class tree. */
function classNames(nodes: readonly InterestClassifyNode[], out = new Map<number, string>()): Map<number, string> {
  for (const n of nodes) {
    out.set(n.id, n.name);
    if (n.children) classNames(n.children, out);
  }
  return out;
}

export function SubscribePage() {
  const t = useSubscribeText();
  const notify = useNotify();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');

  const mine = useQuery({ queryKey: KEYS.mine, queryFn: subscribeApi.mine });
  const websites = useQuery({ queryKey: KEYS.websites, queryFn: subscribeApi.websites });
  const classes = useQuery({ queryKey: KEYS.classes, queryFn: subscribeApi.classTree });
  const themes = useQuery({ queryKey: KEYS.themes, queryFn: subscribeApi.themes });

  const mode = modeOf(params.get('by'));
  const themeList = useMemo(() => themes.data ?? [], [themes.data]);
  const tabs = tabsOf(mode, themeList.map((th) => th.id));
  const tab = currentTab(params.get('tab'), tabs);
  const go = (next: { by?: string; tab?: string }) => {
    setSearch('');
    const q = new URLSearchParams(params);
    if (next.by) q.set('by', next.by);
    if (next.tab) q.set('tab', next.tab);
    setParams(q, { replace: true });
  };

  const subscribed = {
    websiteIds: idsOf(mine.data?.websiteIds),
    classifyIds: idsOf(mine.data?.classifyIds),
    themeIds: idsOf(mine.data?.themeIds),
  };

  const save = useMutation({
    mutationFn: (lists: Lists) => subscribeApi.save(lists),
    onMutate: async (lists: Lists) => {
      await client.cancelQueries({ queryKey: KEYS.mine });
      const before = client.getQueryData<Interest>(KEYS.mine);
      if (before) {
        client.setQueryData<Interest>(KEYS.mine, {
          ...before,
          ...(lists.websiteIds && { websiteIds: lists.websiteIds.join(',') }),
          ...(lists.classifyIds && { classifyIds: lists.classifyIds.join(',') }),
          ...(lists.themeIds && { themeIds: lists.themeIds.join(',') }),
        });
      }
      return { before };
    },
    onSuccess: (row) => {
      client.setQueryData(KEYS.mine, row);
      notify(t('saved'), { type: 'success', autoHideDuration: 1500 });
    },
    onError: (error: Error, _lists, context) => {
      if (context?.before) client.setQueryData(KEYS.mine, context.before);
      notify(t('save_failed', { message: error.message }), { type: 'error' });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['horizon', 'news'] });
    },
  });

  const frequency = useMutation({
    mutationFn: (value: Frequency) => subscribeApi.setFrequency(value),
    // the choice shows at once; a failure puts the previous one back
    onMutate: (value: Frequency) => {
      const before = client.getQueryData<Interest>(KEYS.mine);
      if (before) client.setQueryData<Interest>(KEYS.mine, { ...before, frequency: value });
      return { before };
    },
    onSuccess: ({ frequency: value }) => notify(t('frequency.saved', { label: t(`frequency.${value}`) }), { type: 'success', autoHideDuration: 2000 }),
    onError: (error: Error, _value, context) => {
      if (context?.before) client.setQueryData(KEYS.mine, context.before);
      notify(t('save_failed', { message: error.message }), { type: 'error' });
    },
  });

  const names = useMemo(
    () => ({
      websites: new Map((websites.data?.content ?? []).map((w) => [w.id, w.name])),
      classes: classNames(classes.data ?? []),
      themes: new Map(themeList.map((th) => [th.id, th.title])),
    }),
    [websites.data, classes.data, themeList],
  );

  const failed = mine.isError || websites.isError || classes.isError || themes.isError;
  const loading = mine.isPending;

  let body: ReactNode;
  if (failed) body = <Alert severity="error">{t('failed')}</Alert>;
  else if (loading) body = <Loading t={t} />;
  else if (tab === 'mine') {
    body = (
      <MineTab
        t={t}
        search={search}
        subscribed={subscribed}
        names={names}
        frequency={mine.data?.frequency ?? 'hourly'}
        onFrequency={(f) => frequency.mutate(f)}
        frequencyBusy={frequency.isPending}
        onRemove={(lists) => save.mutate(lists)}
      />
    );
  } else if (tab === 'website') {
    body = websites.isPending ? (
      <Loading t={t} />
    ) : (
      <WebsiteTab t={t} search={search} websites={websites.data?.content ?? []} checked={subscribed.websiteIds} onChange={(ids) => save.mutate({ websiteIds: ids })} />
    );
  } else if (tab === 'category') {
    body = classes.isPending ? (
      <Loading t={t} />
    ) : (
      <CategoryTab t={t} search={search} tree={classes.data ?? []} checked={subscribed.classifyIds} onChange={(ids) => save.mutate({ classifyIds: ids })} />
    );
  } else {
    const theme = themeList.find((th) => `theme:${th.id}` === tab);
    body = theme ? (
      <ThemeTab
        t={t}
        theme={theme}
        search={search}
        on={subscribed.themeIds.includes(theme.id)}
        onChange={(on) => save.mutate({ themeIds: toggleIds(subscribed.themeIds, [theme.id], on) })}
      />
    ) : null;
  }

  const themeTabs = mode === 'theme' ? themeList.filter((th) => matches(search, th.title, ...th.keywords) || tab === `theme:${th.id}`) : [];

  return (
    <Box data-testid="subscribe-page" sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 1.5, alignItems: { md: 'center' } }}>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600, flex: 1 }}>
          {t('title')}
        </Typography>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('search_placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('search') }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          sx={{ width: { xs: '100%', md: 260 } }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={mode}
          aria-label={t('by.label')}
          onChange={(_e, value: string | null) => value && go({ by: value, tab: value === 'theme' ? (themeList[0] ? `theme:${themeList[0].id}` : 'mine') : value })}
        >
          {SUBSCRIBE_MODES.map((m) => (
            <ToggleButton key={m} value={m} sx={{ px: 2 }}>
              {t(`by.${m}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Card variant="outlined">
        <Tabs value={tab} onChange={(_e, value: string) => go({ tab: value })} variant="scrollable" scrollButtons="auto" sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="mine" label={t('tabs.mine')} />
          {mode === 'website' && <Tab value="website" label={t('tabs.website')} />}
          {mode === 'category' && <Tab value="category" label={t('tabs.category')} />}
          {themeTabs.map((th) => (
            <Tab
              key={th.id}
              value={`theme:${th.id}`}
              label={
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <span>{th.title}</span>
                  {subscribed.themeIds.includes(th.id) && <Chip size="small" color="primary" variant="outlined" label={t('theme.subscribed')} sx={{ height: 20 }} />}
                </Stack>
              }
            />
          ))}
        </Tabs>
        {mode === 'theme' && !themes.isPending && themeList.length === 0 && tab === 'mine' && (
          <Alert severity="info" sx={{ m: 2, mb: 0 }}>
            {t('theme.none')}
          </Alert>
        )}
        <Box sx={{ p: 2 }}>{body}</Box>
      </Card>
    </Box>
  );
}

function MineTab({
  t,
  search,
  subscribed,
  names,
  frequency,
  onFrequency,
  frequencyBusy,
  onRemove,
}: {
  t: SubscribeT;
  search: string;
  subscribed: Required<Lists>;
  names: { websites: Map<number, string>; classes: Map<number, string>; themes: Map<number, string> };
  frequency: Frequency;
  onFrequency: (f: Frequency) => void;
  frequencyBusy: boolean;
  onRemove: (lists: Lists) => void;
}) {
  const total = subscribed.websiteIds.length + subscribed.classifyIds.length + subscribed.themeIds.length;
  const group = (label: string, ids: number[], nameOf: Map<number, string>, key: keyof Lists) => {
    const shown = ids.filter((id) => matches(search, nameOf.get(id) ?? String(id)));
    return (
      <Box key={key} data-testid={`subscribe-mine-${key}`}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {label}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {ids.length}
          </Typography>
        </Typography>
        {shown.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {shown.map((id) => {
              const name = nameOf.get(id) ?? `#${id}`;
              return (
                <Chip
                  key={id}
                  label={name}
                  onDelete={() => onRemove({ [key]: ids.filter((x) => x !== id) })}
                  deleteIcon={<CancelIcon aria-label={t('mine.remove', { name })} />}
                />
              );
            })}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.disabled">
            {t('mine.none')}
          </Typography>
        )}
      </Box>
    );
  };
  return (
    <Stack spacing={2.5}>
      {total === 0 && (
        <Empty
          text={t('mine.empty_title')}
          hint={
            <Typography variant="caption" color="text.disabled">
              {t('mine.empty_hint')}
            </Typography>
          }
        />
      )}
      {group(t('mine.websites'), subscribed.websiteIds, names.websites, 'websiteIds')}
      {group(t('mine.categories'), subscribed.classifyIds, names.classes, 'classifyIds')}
      {group(t('mine.themes'), subscribed.themeIds, names.themes, 'themeIds')}
      <Divider />
      <Box>
        <Typography variant="subtitle2">{t('frequency.label')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('frequency.hint')}
        </Typography>
        <RadioGroup row value={frequency} onChange={(_e, value) => onFrequency(value as Frequency)} aria-label={t('frequency.label')}>
          {FREQUENCIES.map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio size="small" disabled={frequencyBusy} />} label={t(`frequency.${f}`)} />
          ))}
        </RadioGroup>
      </Box>
      <Box>
        <Button variant="contained" component={RouterLink} to="/pro/news?curMenu=interest&sort=createDesc" disabled={total === 0}>
          {t('mine.view_news')}
        </Button>
      </Box>
    </Stack>
  );
}

function WebsiteTab({
  t,
  search,
  websites,
  checked,
  onChange,
}: {
  t: SubscribeT;
  search: string;
  websites: Array<{ id: number; name: string; url: string; country: string | null; language: string | null }>;
  checked: number[];
  onChange: (ids: number[]) => void;
}) {
  const shown = websites.filter((w) => matches(search, w.name, w.url));
  const shownIds = shown.map((w) => w.id);
  const allOn = shown.length > 0 && shownIds.every((id) => checked.includes(id));
  const someOn = shownIds.some((id) => checked.includes(id));
  if (!shown.length) return <Empty text={t('website.empty')} />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('website.count', { n: websites.length, m: checked.filter((id) => websites.some((w) => w.id === id)).length })}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 520, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <ListItem disablePadding divider>
          <ListItemButton onClick={() => onChange(toggleIds(checked, shownIds, !allOn))}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Checkbox edge="start" size="small" checked={allOn} indeterminate={!allOn && someOn} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': t('all') } }} />
            </ListItemIcon>
            <ListItemText primary={t('all')} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
        </ListItem>
        {shown.map((w) => {
          const on = checked.includes(w.id);
          return (
            <ListItem key={w.id} disablePadding>
              <ListItemButton onClick={() => onChange(toggleIds(checked, [w.id], !on))}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': w.name } }} />
                </ListItemIcon>
                <ListItemText primary={w.name} secondary={[w.url, w.country, w.language].filter(Boolean).join(' · ')} slotProps={{ secondary: { noWrap: true } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

function CategoryTab({
  t,
  search,
  tree,
  checked,
  onChange,
}: {
  t: SubscribeT;
  search: string;
  tree: InterestClassifyNode[];
  checked: number[];
  onChange: (ids: number[]) => void;
}) {
  const filtered = useMemo(() => filterTree(tree, search), [tree, search]);
  const items = useMemo(() => toViewItems(filtered, (n) => (n.id === ROOT_ID ? t('all') : n.name)), [filtered, t]);
  if (!items.length) return <Empty text={t('category.empty')} />;
  // the root 全部 stands for every class: checking it subscribes its top-level classes
  const topIds = (tree.find((n) => n.id === ROOT_ID)?.children ?? tree).map((n) => n.id);
  const rootChecked = topIds.length > 0 && topIds.every((id) => checked.includes(id));
  const selected = [...checked.map(String), ...(rootChecked ? [String(ROOT_ID)] : [])];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('category.count', { m: checked.length })}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
        <CheckTree
          items={items}
          checked={selected}
          maxHeight={520}
          expandLevels={2}
          onToggle={(id, on) => {
            const n = Number(id);
            onChange(n === ROOT_ID ? toggleIds(checked, topIds, on) : toggleIds(checked, [n], on));
          }}
        />
      </Box>
    </Box>
  );
}

function ThemeTab({ t, theme, on, onChange }: { t: SubscribeT; theme: Theme; search: string; on: boolean; onChange: (on: boolean) => void }) {
  const news = useQuery({ queryKey: KEYS.themeNews(theme.id), queryFn: () => subscribeApi.themeNews(theme.id) });
  return (
    <Stack spacing={2} data-testid="subscribe-theme">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {theme.title}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.75, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('theme.keywords')}：
            </Typography>
            {theme.keywords.map((k) => (
              <Chip key={k} size="small" variant="outlined" label={k} />
            ))}
          </Stack>
        </Box>
        <FormControlLabel control={<Switch checked={on} onChange={(_e, value) => onChange(value)} />} label={on ? t('theme.subscribed') : t('theme.subscribe')} />
      </Stack>
      <Divider />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('theme.latest')}
          {news.data && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('theme.total', { n: news.data.totalElements })}
            </Typography>
          )}
        </Typography>
        {news.isPending ? (
          <Loading t={t} />
        ) : !news.data?.content.length ? (
          <Empty text={t('theme.no_news')} />
        ) : (
          <List dense disablePadding>
            {news.data.content.map((row) => (
              <ListItem key={row.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link href={detailHref(row.id)} target="_blank" rel="noopener" underline="hover">
                      {row.titleCn || row.title}
                    </Link>
                  }
                  secondary={[row.webName, row.publishTime].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
