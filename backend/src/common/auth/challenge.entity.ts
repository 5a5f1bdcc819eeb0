import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A one-time answer under a key (the login captcha `captcha:<uuid>`, the e-mail change code
 * `email:<user>:<address>`): taken (deleted) when it is checked, so each is used once.
 */
@Entity('sys_captcha')
export class Challenge {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  uuid: string;

  @Column({ type: 'varchar', length: 16 })
  answer: string;

  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
