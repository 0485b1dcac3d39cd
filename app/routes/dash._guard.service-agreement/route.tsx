import type { MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { serviceAgreement } from '~/content/service-agreement';
import { usePublicConfig } from '~/hooks/use-app-data';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle(serviceAgreement.title) }];

export const loader = sessionOnlyLoader;

export default function ServiceAgreement() {
  return (
    <Page title={serviceAgreement.title} maxW="4xl">
      <LegalDocumentView doc={serviceAgreement} values={usePublicConfig()} />
    </Page>
  );
}
