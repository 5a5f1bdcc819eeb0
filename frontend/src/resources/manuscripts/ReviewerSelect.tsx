// 审稿 of the manuscript forms: the shared reviewer select (shared/production/ReviewerSelect) with the
// manuscript screens' texts.
import { matchesUser, ReviewerSelect as SharedReviewerSelect, type ReviewerSelectProps as SharedProps } from '../shared/production/ReviewerSelect';
import { useManuscriptText } from './useManuscriptText';

export { matchesUser };

export type ReviewerSelectProps = Omit<SharedProps, 'texts'>;

export function ReviewerSelect(props: ReviewerSelectProps) {
  const t = useManuscriptText();
  return (
    <SharedReviewerSelect
      {...props}
      texts={{ label: t('form.reviewer'), placeholder: t('form.reviewer_placeholder'), noOptions: t('form.no_users'), loading: t('common.loading') }}
    />
  );
}
