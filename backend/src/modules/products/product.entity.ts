import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/**
 * A publication product (spec production-admin §3 "Product setting"): unit (`deptId`), chief editors
 * (`editorIds`, comma string of user ids as on the wire), period (dictionary `product_period`),
 * type '1' regular / '2' special, contentType '1' abstract / '2' full text, one template file.
 */
@Entity('product_setting')
@Index('idx_product_setting_name', ['name'])
export class ProductSetting extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'int' })
  deptId: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  editorIds: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  period: string | null;

  @Column({ type: 'varchar', length: 1, default: '1' })
  type: string;

  @Column({ type: 'varchar', length: 1, default: '2' })
  contentType: string;

  /** The product's one template (`sys_file`); null when none was uploaded. */
  @Column({ type: 'int', nullable: true })
  templateFileId: number | null;

  /** The weekly product of the desk (sync daily into weekly); `WEEKLY_PRODUCT_ID` overrides. */
  @Column({ type: 'boolean', default: false })
  isWeekly: boolean;

  @OneToMany(() => ProductColumn, (c) => c.product)
  columns: ProductColumn[];
}

/** A column of a product (spec §3 "Column entry"): sort, name, status (enabled). */
@Entity('product_column')
@Index('idx_product_column_product', ['productId', 'sort'])
export class ProductColumn extends BaseEntity {
  @Column({ type: 'int' })
  productId: number;

  @ManyToOne(() => ProductSetting, (p) => p.columns, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product: ProductSetting;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'int', default: 0 })
  sort: number;

  @Column({ type: 'boolean', default: true })
  status: boolean;
}
