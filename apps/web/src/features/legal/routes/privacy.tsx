// /privacy: the privacy policy (docs/product.md#screens-and-routes): the data this product keeps, why, for how long,
// and the donor's rights, with the organisation's contact from the database.
import { legalMessages } from '@donaciones/shared/messages/legal';
import { LegalPage } from '../components/legal-page';

const l = legalMessages;

export default function PrivacyPage() {
  return (
    <LegalPage
      title={l.privacyTitle}
      intro={(site) => l.privacyIntro(site.organization.name)}
      sections={(site) => l.privacy(site.organization.name, site.organization.email, site.organization.phone)}
    />
  );
}
