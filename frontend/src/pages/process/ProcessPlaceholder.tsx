import { useTranslate } from 'react-admin';
import { UnderConstruction } from '../UnderConstruction';

/** A page of the product-processing system still to be built: the "coming soon" card, in the shell. */
export function ProcessPlaceholder({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return <UnderConstruction title={translate(titleKey)} />;
}
