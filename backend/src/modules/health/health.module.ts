import { Controller, Get, Module } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../../common/access/permissions.decorator.js';

@ApiTags('系统：健康检查')
@Controller('api/health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** 200 once the app is up and the database answers. */
  @Public()
  @Get()
  async health(): Promise<{ status: string; database: string }> {
    await this.db.query('SELECT 1');
    return { status: 'UP', database: 'UP' };
  }
}

@Module({ controllers: [HealthController] })
export class HealthModule {}
