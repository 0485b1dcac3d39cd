import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { serviceAgreement } from '~/content/service-agreement';
import { useRootEnv } from '~/root';
import { pageTitle } from '~/services/navigation';
import { requireWebSession } from '~/sessions.server';

export const meta: MetaFunction = () => [{ title: pageTitle('用户服务协议') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}

export default function ServiceAgreement() {
  return (
    <Page title={serviceAgreement.title} maxW="4xl">
      <LegalDocumentView doc={serviceAgreement} values={useRootEnv()} />
    </Page>
  );
}
