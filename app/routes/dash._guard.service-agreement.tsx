import type { MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { serviceAgreement } from '~/content/service-agreement';
import { useRootEnv } from '~/root';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle('用户服务协议') }];

export const loader = sessionOnlyLoader;

export default function ServiceAgreement() {
  return (
    <Page title={serviceAgreement.title} maxW="4xl">
      <LegalDocumentView doc={serviceAgreement} values={useRootEnv()} />
    </Page>
  );
}
