import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NewsService } from '../news/index.js';
import { html, NoticeService } from '../realtime/index.js';
import { type DueSubscription, InterestsRepository } from './interests.repository.js';

/** How often due subscriptions are looked for; also the delay of a `realtime` notice. */
export const NOTIFY_EVERY_SECONDS = 60;
/** Most subscriptions handled per pass (the rest wait for the next pass, oldest first). */
const PASS_LIMIT = 500;

/** Where a notice leads: the 关注 tab of the news index. */
export const SUBSCRIPTION_LINK = '/horizon/pro/news?curMenu=interest&sort=createDesc';

const PERIOD_LABEL: Record<string, string> = { realtime: '', hourly: '近一小时', daily: '近一天' };

/** The notice text for a count and the newest item (plain parts escaped by `html`). */
export function digestNotice(frequency: string, total: number, latestTitle: string): { title: string; msg: string } {
  const period = PERIOD_LABEL[frequency] ?? '';
  return {
    title: '订阅更新',
    msg: html`${period}您订阅的新闻有 ${total} 条更新，最新：「${latestTitle}」。` + `<a href="${SUBSCRIPTION_LINK}">查看关注</a>`,
  };
}

/**
 * Tells users about new items of their subscriptions (docs/subscriptions.md): every minute it takes
 * the subscriptions whose window has passed (realtime: a minute, hourly, daily), counts the items
 * collected since the last notice and sends one live notice per user with the count, the newest
 * title and a link to the 关注 tab. The window's start moves forward by one conditional UPDATE, so
 * two replicas never send the same notice; nothing new → no notice, the window still moves.
 */
@Injectable()
export class SubscriptionNotifier implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('SubscriptionNotifier');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly interests: InterestsRepository,
    private readonly news: NewsService,
    private readonly notices: NoticeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // one clock per process that consumes background work; tests call runOnce()
    if (!this.config.queueConsume || this.config.nodeEnv === 'test') return;
    this.timer = setInterval(() => void this.runOnce().catch((e: unknown) => this.log.warn(`subscription notices failed: ${(e as Error).message}`)), NOTIFY_EVERY_SECONDS * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass (public for the tests): the number of notices sent. `realtimeSeconds` is the realtime window. */
  async runOnce(realtimeSeconds = NOTIFY_EVERY_SECONDS): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      let sent = 0;
      for (const sub of await this.interests.due(PASS_LIMIT, realtimeSeconds)) if (await this.notifyOne(sub)) sent++;
      return sent;
    } finally {
      this.running = false;
    }
  }

  private async notifyOne(sub: DueSubscription): Promise<boolean> {
    const to = new Date().toISOString();
    const found = await this.news.subscribedBetween(sub, sub.since, to);
    // the window moves first: a second replica on the same row finds it moved and sends nothing
    if (!(await this.interests.advance(sub.userId, sub.since, to))) return false;
    if (!found.total || !found.latest) return false;
    this.notices.toUser(sub.userId, { msgType: 'INFO', type: 'subscription.digest', newsId: found.latest.id, ...digestNotice(sub.frequency, found.total, found.latest.title) });
    return true;
  }
}
