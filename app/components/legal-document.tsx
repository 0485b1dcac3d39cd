import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { ContentSection, LegalDocument } from '~/content/types';

/** `{{operatorName}}` and `{{supportEmail}}` in the texts are the deployment's configured values. */
export function fillPlaceholders(text: string, values: { operatorName: string; supportEmail: string }) {
  return text.replaceAll('{{operatorName}}', values.operatorName).replaceAll('{{supportEmail}}', values.supportEmail);
}

export function SectionList({ sections, values }: { sections: ContentSection[]; values: { operatorName: string; supportEmail: string } }) {
  return (
    <Stack gap="6">
      {sections.map((section) => (
        <Box as="section" key={section.id} id={section.id}>
          <Heading as="h2" size="md" mb="2">
            {section.heading}
          </Heading>
          <Stack gap="2" color="gray.700" lineHeight="1.8">
            {section.paragraphs.map((p, i) => (
              <Text key={i}>{fillPlaceholders(p, values)}</Text>
            ))}
            {section.bullets && (
              <List.Root ps="5" gap="1">
                {section.bullets.map((b, i) => (
                  <List.Item key={i}>{fillPlaceholders(b, values)}</List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export function LegalDocumentView({ doc, values }: { doc: LegalDocument; values: { operatorName: string; supportEmail: string } }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
      <Text color="gray.500" fontSize="sm" mb="4">
        生效日期：{doc.effectiveDate}
      </Text>
      <Text color="gray.700" lineHeight="1.8" mb="6">
        {fillPlaceholders(doc.intro, values)}
      </Text>
      <SectionList sections={doc.sections} values={values} />
    </Box>
  );
}
