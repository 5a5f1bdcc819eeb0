import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

@Entity('sys_dict')
export class Dict extends BaseEntity {
  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @OneToMany(() => DictDetail, (d) => d.dict)
  dictDetails: DictDetail[];
}

@Entity('sys_dict_detail')
export class DictDetail extends BaseEntity {
  @Index()
  @Column({ type: 'int' })
  dictId: number;

  @ManyToOne(() => Dict, (d) => d.dictDetails, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dict_id' })
  dict: Dict;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'varchar', length: 255 })
  value: string;

  @Column({ type: 'int', default: 999 })
  dictSort: number;
}
