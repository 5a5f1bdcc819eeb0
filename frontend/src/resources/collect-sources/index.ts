// 数据源管理 (issue 16): mounted at /collect-config (collection system) and /website (storage system).
export { SourcesPage, SourcesPage as default } from './SourcesPage';
