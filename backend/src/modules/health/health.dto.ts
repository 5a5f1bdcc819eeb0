import { ApiProperty } from '@nestjs/swagger';
import type { CheckState, ReadinessChecks } from './health.messages.js';

const STATES = ['UP', 'DOWN', 'NOT_CONFIGURED'];

export class LivenessDto {
  @ApiProperty({ enum: ['UP'] })
  status: 'UP';
}

/** The state of each part readiness checks (also in the 503 body, beside `status`, `message`, `code`). */
export class ReadinessChecksDto implements ReadinessChecks {
  @ApiProperty({ enum: STATES })
  database: CheckState;

  @ApiProperty({ enum: STATES, description: 'NOT_CONFIGURED 表示未设置 REDIS_URL' })
  redis: CheckState;

  @ApiProperty({ enum: STATES })
  storage: CheckState;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['UP'] })
  status: 'UP';

  @ApiProperty({ type: ReadinessChecksDto })
  checks: ReadinessChecksDto;
}
