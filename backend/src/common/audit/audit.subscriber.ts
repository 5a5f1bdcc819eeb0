import { type EntitySubscriberInterface, EventSubscriber, type InsertEvent, type UpdateEvent } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { currentUsername } from './request-context.js';

/** Fills createBy / updateBy from the acting user. */
@EventSubscriber()
export class AuditSubscriber implements EntitySubscriberInterface<BaseEntity> {
  beforeInsert(event: InsertEvent<BaseEntity>): void {
    if (!(event.entity instanceof BaseEntity)) return;
    const who = currentUsername() ?? event.entity.createBy ?? null;
    event.entity.createBy ??= who;
    event.entity.updateBy ??= who;
  }

  beforeUpdate(event: UpdateEvent<BaseEntity>): void {
    if (event.entity instanceof BaseEntity) event.entity.updateBy = currentUsername() ?? event.entity.updateBy;
  }
}
