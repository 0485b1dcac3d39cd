import type { MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { privacyPolicy } from '~/content/privacy-policy';
import { usePublicConfig } from '~/hooks/use-app-data';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle(privacyPolicy.title) }];

export const loader = sessionOnlyLoader;

export default function PrivacyPolicy() {
  return (
    <Page title={privacyPolicy.title} maxW="4xl">
      <LegalDocumentView doc={privacyPolicy} values={usePublicConfig()} />
    </Page>
  );
}
