import type { MetaFunction } from '@remix-run/node';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { aboutPage } from '~/content/about';
import { usePublicConfig } from '~/hooks/use-app-data';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle('关于我们') }];

export const loader = sessionOnlyLoader;

export default function About() {
  return (
    <Page title={aboutPage.title} maxW="4xl">
      <LegalDocumentView doc={aboutPage} values={usePublicConfig()} />
    </Page>
  );
}
