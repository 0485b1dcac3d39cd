import { Box, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { SectionList } from '~/components/legal-document';
import { Page } from '~/components/page';
import { aboutPage } from '~/content/about';
import { useRootEnv } from '~/root';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle('关于我们') }];

export const loader = sessionOnlyLoader;

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
