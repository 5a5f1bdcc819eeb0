/** Public file of the realtime module: what other modules may import (the boundary lint rule allows nothing else). */
export { RealtimeModule } from './realtime.module.js';
export { clip, escapeHtml, html, NoticeService, type Notice, type NoticeType } from './notice.service.js';
