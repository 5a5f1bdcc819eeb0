// Calls of the 新闻分类 screen (backend/src/modules/classify). The tree is read whole from
// `GET api/NewsClassify/list`; create, edit (also the drag that re-parents) and delete go through
// the dataProvider as the react-admin resource `system/classify` (→ `api/NewsClassify`, see
// resources/index.ts), so they are audited and refreshed like every admin list.
import { api } from '../api';
import type { Schema } from '../../api';

export const CLASSIFY_RESOURCE = 'system/classify';
export const CLASSIFY_API_PATH = 'api/NewsClassify';

/** A node of `GET api/NewsClassify/list`. */
export type ClassifyNode = Schema<'ClassifyNodeDto'>;

/** The root 全部 (spec production-admin: classification root id 9999): never edited, moved or deleted. */
export const ROOT_ID = 9999;
/** Code of the noise class (spec §4 Noise): not deleted, disabled, moved or given children. */
export const NOISE_CODE = 'A5000';

/** Query keys start with `horizon` so react-admin's refresh invalidates them too. */
export const classifyKeys = { tree: ['horizon', 'classify', 'tree'] as const };

export const classifyApi = {
  /** The whole tree, disabled classes included (the screen filters on the client). */
  tree: () => api.get<ClassifyNode[]>(`${CLASSIFY_API_PATH}/list`),
};
