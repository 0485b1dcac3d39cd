import { Box, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { SectionList } from '~/components/legal-document';
import { Page } from '~/components/page';
import { aboutPage } from '~/content/about';
import { useRootEnv } from '~/root';
import { pageTitle } from '~/services/navigation';
import { requireWebSession } from '~/sessions.server';

export const meta: MetaFunction = () => [{ title: pageTitle('关于我们') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}

export default function About() {
  const env = useRootEnv();
  return (
    <Page title={aboutPage.title} maxW="4xl">
      <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
        <Text color="gray.700" lineHeight="1.8" mb="6">
          {aboutPage.intro}
        </Text>
        <SectionList sections={aboutPage.sections} values={env} />
      </Box>
    </Page>
  );
}
