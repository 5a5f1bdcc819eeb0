import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Deployment-wide generated values kept in `sys_setting`, so every replica shares them.
 * `getOrCreate` is race-safe: the first writer wins and everyone reads its value.
 */
@Injectable()
export class SettingsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async getOrCreate(key: string, create: () => string): Promise<string> {
    const existing = await this.db.query('SELECT value FROM sys_setting WHERE key = $1', [key]);
    if (existing.length) return existing[0].value as string;
    await this.db.query('INSERT INTO sys_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, create()]);
    const row = await this.db.query('SELECT value FROM sys_setting WHERE key = $1', [key]);
    return row[0].value as string;
  }
}
