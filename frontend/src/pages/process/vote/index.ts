// 动态投票 (/productProcess-vote): the page, loaded when opened.
export { VotePage } from './VotePage';
export { voteEn, voteZh } from './i18n';
