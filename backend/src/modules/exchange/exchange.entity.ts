import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity.js';

/** An export or import of an exchange package (docs/collect-design.md §6, §8.1). */
@Entity('exchange_job')
export class ExchangeJob extends BaseEntity {
  /** `export` | `import`. */
  @Column({ type: 'varchar', length: 8 })
  kind: string;

  /** `uploading` | `queued` | `running` | `done` | `failed`. */
  @Column({ type: 'varchar', length: 12 })
  status: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  phase: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  fileName: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  storageKey: string | null;

  @Column({ type: 'bigint', nullable: true })
  size: string | null;

  @Column({ type: 'bigint', default: 0 })
  received: string;

  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @Column({ type: 'jsonb', nullable: true })
  filter: Record<string, unknown> | null;

  @Column({ type: 'int', default: 0 })
  total: number;

  @Column({ type: 'int', default: 0 })
  processed: number;

  @Column({ type: 'int', default: 0 })
  created: number;

  @Column({ type: 'int', default: 0 })
  updated: number;

  @Column({ type: 'int', default: 0 })
  skipped: number;

  @Column({ type: 'int', default: 0 })
  failed: number;

  /** `{line, filesDone}`: where a resumed import continues. */
  @Column({ type: 'jsonb', nullable: true })
  checkpoint: Record<string, unknown> | null;

  /** Fingerprint of the key that signed the imported package. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  signer: string | null;

  @Column({ type: 'jsonb', nullable: true })
  report: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/** A public key whose packages this installation imports (docs/collect-design.md §8.1). */
@Entity('exchange_trusted_key')
export class ExchangeTrustedKey extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** PEM SPKI. */
  @Column({ type: 'text' })
  publicKey: string;

  /** SHA-256 hex of the SPKI DER. */
  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  fingerprint: string;
}
