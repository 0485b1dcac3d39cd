import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { privacyPolicy } from '~/content/privacy-policy';
import { useRootEnv } from '~/root';
import { pageTitle } from '~/services/navigation';
import { requireWebSession } from '~/sessions.server';

export const meta: MetaFunction = () => [{ title: pageTitle('隐私政策') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}

export default function PrivacyPolicy() {
  return (
    <Page title={privacyPolicy.title} maxW="4xl">
      <LegalDocumentView doc={privacyPolicy} values={useRootEnv()} />
    </Page>
  );
}
