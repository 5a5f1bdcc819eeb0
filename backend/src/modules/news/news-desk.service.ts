import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DeskFiguresRow, NewsDeskRepository, type TranslationThroughputRow } from './news-desk.repository.js';

type Raw = Record<string, unknown>;

/**
 * The news module's door for the translation module (docs/architecture.md "Modules and the kernel"):
 * a department's translation desk row (`news_dept`: claim, save, submit, review, release), its
 * submitted versions (`news_translation`) and the machine-translation columns of `news`. The news
 * module owns those tables; the translation module holds the workflow's rules and calls these
 * operations (each transition one conditional statement in NewsDeskRepository) instead of writing
 * the tables itself. `em` arguments come from `transaction`.
 */
@Injectable()
export class NewsDesk {
  constructor(private readonly desk: NewsDeskRepository) {}

  /** Runs `fn` in one transaction (for submitForReview + storeVersion, review + reviewVersion). */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.desk.transaction(fn);
  }

  // ---------------------------------------------------------------- workflow (news_dept, news_translation)

  /** Country and machine translation of the item (undefined when it does not exist). */
  newsPrefill(id: number): Promise<Raw | undefined> {
    return this.desk.newsPrefill(id);
  }

  /** Claim or save (one statement); the state, or undefined when another editor holds the item. */
  claimOrSave(id: number, deptId: number, userId: number, username: string, content: string | null, prefill: string, titleSet: boolean, titleValue: string | null): Promise<Raw | undefined> {
    return this.desk.claimOrSave(id, deptId, userId, username, content, prefill, titleSet, titleValue);
  }

  /** Edit → examine (one statement); the state, or undefined when the draft is not the caller's or empty. */
  submitForReview(em: EntityManager, id: number, deptId: number, userId: number, text: string | null, username: string, titleSet: boolean, titleValue: string | null): Promise<Raw | undefined> {
    return this.desk.submitForReview(em, id, deptId, userId, text, username, titleSet, titleValue);
  }

  /** Stores the submitted text as version `version` (examine). */
  storeVersion(em: EntityManager, id: number, deptId: number, version: unknown, content: unknown, userId: number, username: string): Promise<void> {
    return this.desk.storeVersion(em, id, deptId, version, content, userId, username);
  }

  /** Examine/done → done (one statement); the state, or undefined when the item may not be reviewed now. */
  review(em: EntityManager, id: number, deptId: number, userId: number, username: string, allowSelf: boolean, version: number | null): Promise<Raw | undefined> {
    return this.desk.review(em, id, deptId, userId, username, allowSelf, version);
  }

  /** Marks version `version` reviewed. */
  reviewVersion(em: EntityManager, id: number, deptId: number, version: unknown, userId: number, username: string): Promise<void> {
    return this.desk.reviewVersion(em, id, deptId, version, userId, username);
  }

  /** Releases a claim back to the latest submitted version (one statement); undefined when it may not be released. */
  release(id: number, deptId: number, userId: number, username: string, admin: boolean): Promise<Raw | undefined> {
    return this.desk.release(id, deptId, userId, username, admin);
  }

  /** Translation throughput per person over [from, to] within `depts` (null = all): the statistics page (docs/statistics.md). */
  translationThroughput(from: Date, to: Date, depts: number[] | null): Promise<TranslationThroughputRow[]> {
    return this.desk.translationThroughput(from, to, depts);
  }

  /** The dashboard's news figures of [from, to) for department `deptId` (null = its figures null) and the caller (docs/dashboard.md). */
  deskFigures(from: Date, to: Date, deptId: number | null, userId: number): Promise<DeskFiguresRow> {
    return this.desk.deskFigures(from, to, deptId, userId);
  }

  /** The latest submitted version (undefined when none). */
  latestVersion(id: number, deptId: number): Promise<Raw | undefined> {
    return this.desk.latestVersion(id, deptId);
  }

  /** Every submitted version, newest first. */
  versions(id: number, deptId: number): Promise<Raw[]> {
    return this.desk.versions(id, deptId);
  }

  /** The text of one version (undefined when it does not exist). */
  versionContent(id: number, deptId: number, version: number): Promise<Raw | undefined> {
    return this.desk.versionContent(id, deptId, version);
  }

  /** The department's state row (undefined when the department never touched the item). */
  state(id: number, deptId: number): Promise<Raw | undefined> {
    return this.desk.state(id, deptId);
  }

  /** The title the department sees and the user's nick name. */
  noticeNames(id: number, deptId: number, userId: number): Promise<Raw | undefined> {
    return this.desk.noticeNames(id, deptId, userId);
  }

  /** Whether the news item exists. */
  newsExists(id: number): Promise<boolean> {
    return this.desk.newsExists(id);
  }

  // ---------------------------------------------------------------- machine translation (news.mt_*)

  /** Items pending or left running, newest first, at most `batch`. */
  mtPending(batch: number): Promise<Array<{ id: string }>> {
    return this.desk.mtPending(batch);
  }

  mtSetStatus(id: string | number, status: string, error: string): Promise<void> {
    return this.desk.mtSetStatus(id, status, error);
  }

  /** Marks the item running; its source (undefined when it does not exist; `queued`: or is no longer waiting for its job). */
  mtStart(id: string | number, queued = false): Promise<Raw | undefined> {
    return this.desk.mtStart(id, queued);
  }

  /** Stores a result (`set` over `$2..`); the row answered (undefined when the item is gone). */
  mtStore(id: string | number, set: string, params: unknown[]): Promise<Raw | undefined> {
    return this.desk.mtStore(id, set, params);
  }

  mtFailed(id: number, message: string): Promise<void> {
    return this.desk.mtFailed(id, message);
  }

  mtMarkPending(ids: Array<string | number>): Promise<void> {
    return this.desk.mtMarkPending(ids);
  }

  /** Failed items (all, or the given ids) back to pending; how many. */
  mtRetry(ids: number[] | undefined): Promise<number> {
    return this.desk.mtRetry(ids);
  }

  mtCounts(): Promise<Array<{ s: string; n: number }>> {
    return this.desk.mtCounts();
  }

  mtFailures(size: number, offset: number): Promise<Raw[]> {
    return this.desk.mtFailures(size, offset);
  }
}
