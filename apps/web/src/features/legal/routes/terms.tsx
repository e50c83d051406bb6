// /terms: the terms of use (docs/product.md#screens-and-routes), with the organisation's name and email from the database.
import { legalMessages } from '@donaciones/shared/messages/legal';
import { LegalPage } from '../components/legal-page';

const l = legalMessages;

export default function TermsPage() {
  return (
    <LegalPage
      title={l.termsTitle}
      intro={(site) => l.termsIntro(site.organization.name)}
      sections={(site) => l.terms(site.organization.name, site.organization.email)}
    />
  );
}
