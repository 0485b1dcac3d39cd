import type { MetaFunction } from '@remix-run/node';
import { PublicLegalPage } from '~/components/legal-document';
import { serviceAgreement } from '~/content/service-agreement';
import { pageTitle } from '~/services/navigation';

// Public on purpose, no loader: the text is readable before login, and the root data carries the config.
export const meta: MetaFunction = () => [{ title: pageTitle(serviceAgreement.title) }];

export default function PublicServiceAgreement() {
  return <PublicLegalPage doc={serviceAgreement} />;
}
