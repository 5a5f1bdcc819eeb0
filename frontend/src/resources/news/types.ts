// Wire shapes of the news API (backend/src/modules/news/news.dto.ts), shared by the news screens.
import type { paths, Schema } from '../../api';

/** A row of `GET api/news/list` (the caller's department and user state folded in). */
export type NewsRow = Schema<'NewsRowDto'>;

/** `GET api/news/info`: the row plus texts and the department's work. */
export type NewsInfo = Schema<'NewsInfoDto'>;

/** `GET api/news/list` answer; `totalExact: false` → the total is an estimate (show "约 N 条"). */
export type NewsPage = paths['/api/news/list']['get']['responses'][200]['content']['application/json'];

/** The smallest news reference the dialogs need. */
export type NewsRef = Pick<NewsRow, 'id' | 'title' | 'titleCn'>;
