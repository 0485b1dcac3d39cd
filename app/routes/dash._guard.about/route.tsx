import { Button } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { LegalDocumentView } from '~/components/legal-document';
import { Page } from '~/components/page';
import { aboutPage } from '~/content/about';
import { usePublicConfig } from '~/hooks/use-app-data';
import { pageTitle, UPDATE_LOGS_ROUTE } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle('关于我们') }];

export const loader = sessionOnlyLoader;

export default function About() {
  return (
    <Page
      title={aboutPage.title}
      maxW="4xl"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={UPDATE_LOGS_ROUTE}>更新日志</Link>
        </Button>
      }
    >
      <LegalDocumentView doc={aboutPage} values={usePublicConfig()} />
    </Page>
  );
}
