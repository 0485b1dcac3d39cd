import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Logo } from '~/components/logo';
import { fillContent, type PlaceholderValues } from '~/content/placeholders';
import type { ContentDocument, LegalDocument } from '~/content/types';
import { usePublicConfig } from '~/hooks/use-app-data';

/** A document (legal text or the About page) with its placeholders filled from the deployment's settings. */
export function LegalDocumentView({ doc, values }: { doc: ContentDocument; values: PlaceholderValues }) {
  // Filled here, once, so no caller can render a raw `{{…}}`.
  const { effectiveDate, intro, sections } = fillContent(doc, values);
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
      {effectiveDate && (
        <Text color="gray.500" fontSize="sm" mb="4">
          生效日期：{effectiveDate}
        </Text>
      )}
      <Text color="gray.700" lineHeight="1.8" mb="6">
        {intro}
      </Text>
      <Stack gap="6">
        {sections.map((section) => (
          <Box as="section" key={section.id} id={section.id}>
            <Heading as="h2" size="md" mb="2">
              {section.heading}
            </Heading>
            <Stack gap="2" color="gray.700" lineHeight="1.8">
              {section.paragraphs.map((p, i) => (
                <Text key={i}>{p}</Text>
              ))}
              {section.bullets && (
                <List.Root ps="5" gap="1">
                  {section.bullets.map((b, i) => (
                    <List.Item key={i}>{b}</List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** The signed-out frame of /privacy-policy and /service-agreement: the texts must be readable before login. */
export function PublicLegalPage({ doc }: { doc: LegalDocument }) {
  const config = usePublicConfig();
  return (
    <Box bg="gray.50" minH="100vh">
      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Box asChild display="inline-block">
          <Link to="/">
            <Logo />
          </Link>
        </Box>
        <Heading as="h1" size="2xl" fontWeight="semibold" mt="8" mb="6">
          {doc.title}
        </Heading>
        <LegalDocumentView doc={doc} values={config} />
      </Container>
    </Box>
  );
}
