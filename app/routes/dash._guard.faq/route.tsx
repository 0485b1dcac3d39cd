import { Accordion, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Page } from '~/components/page';
import { faqGroups } from '~/content/faq';
import { fillContent } from '~/content/placeholders';
import { usePublicConfig } from '~/hooks/use-app-data';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

export const meta: MetaFunction = () => [{ title: pageTitle('常见问题') }];

export const loader = sessionOnlyLoader;

export default function Faq() {
  const groups = fillContent(faqGroups, usePublicConfig());
  return (
    <Page title="常见问题" description="关于账号、积分、写作与检测的常见疑问。没有找到答案？欢迎提交意见反馈。" maxW="4xl">
      <Stack gap="8">
        {groups.map((group) => (
          <Box as="section" key={group.id}>
            <Heading as="h2" size="md" mb="3">
              {group.title}
            </Heading>
            <Accordion.Root collapsible multiple bg="white" rounded="xl" borderWidth="1px" px="5">
              {group.items.map((item, i) => (
                <Accordion.Item key={i} value={`${group.id}-${i}`}>
                  <Accordion.ItemTrigger py="4" cursor="pointer">
                    <Text flex="1" fontWeight="medium" textAlign="start">
                      {item.q}
                    </Text>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody color="gray.700" lineHeight="1.8">
                      {item.a}
                    </Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Box>
        ))}
      </Stack>
    </Page>
  );
}
