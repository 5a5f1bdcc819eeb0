import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Deployment-wide generated settings (RSA key pair, JWT secret when not configured). */
@Entity('sys_setting')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'text' })
  value: string;
}
