import { SetMetadata } from '@nestjs/common';

export const LOG_KEY = 'horizon:log';

/** Describes a write for the operation log (e.g. `@Log('新增用户')`). Writes without it log `METHOD path`. */
export const Log = (description: string) => SetMetadata(LOG_KEY, description);

/** A POST that only reads (tree lookups): no operation-log row. */
export const SkipLog = () => SetMetadata(LOG_KEY, false);
