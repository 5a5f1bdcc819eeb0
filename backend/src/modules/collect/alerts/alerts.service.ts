import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Keyword alert rules (docs/collect-design.md §5.5). **Stub of piece 1**: piece 5 builds the rules,
 * their API and the matching. The collector calls `matchNew` after each batch with the ids of the
 * items it created; the stub matches nothing.
 */
@Injectable()
export class AlertsService {
  /** Matches new items against the enabled rules, records the hits; the number of hits. */
  matchNew(em: EntityManager, webId: number, newsIds: string[]): Promise<number> {
    void em;
    void webId;
    void newsIds;
    return Promise.resolve(0);
  }
}
