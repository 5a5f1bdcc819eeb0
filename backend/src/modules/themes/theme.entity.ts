import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/** A news theme: a title and the keywords that define it. */
@Entity('news_theme')
export class NewsTheme extends BaseEntity {
  @Column({ type: 'varchar', length: 100, unique: true })
  title: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  keywords: string[];

  @Column({ type: 'int', default: 999 })
  seq: number;
}
