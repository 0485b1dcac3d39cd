import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Page } from '~/components/page';
import { ToolGroups } from '~/components/tool-groups';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

const PAGE = '写作工具';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;

/** How a first draft is made here, in the order a consultant works. */
const STEPS = [
  {
    title: '建立学生档案',
    body: '点击「新建学生」（页面顶部，或学生档案页），输入昵称或上传简历（pdf、doc、docx、txt），系统自动整理教育、科研、实习等经历。',
    link: { to: '/dash/client-archives', label: '学生档案' },
  },
  {
    title: '选择工具生成初稿',
    body: '在写作页选择学生，表单会按档案预填；生成的内容逐段出现在编辑器中，可随时停止、继续或撤销。',
    link: { to: '/dash/ps-writing', label: 'PS / SOP 写作' },
  },
  {
    title: '核查、检测并导出',
    body: '生成后自动列出档案中没有的数字、学校和奖项供核查；保存为作品后可查 AI 率、比较版本，并导出 Word 或 PDF。',
    link: { to: '/dash/my-works', label: '我的作品' },
  },
] as const;

/** /dash/quick-start: every writing tool in one place, with the three steps from archive to exported draft. */
export default function QuickStart() {
  return (
    <Page title={PAGE} description="从学生的真实经历出发，三步完成一篇可以交给学生修改的初稿。" maxW="6xl">
      <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="4" mb="8" listStyleType="none" data-testid="quick-start-steps">
        {STEPS.map((step, i) => (
          <Box as="li" key={step.title} bg="white" rounded="xl" borderWidth="1px" p="5">
            <Stack gap="2" h="full">
              <Text fontSize="sm" fontWeight="semibold" color="blue.600">
                第 {i + 1} 步
              </Text>
              <Heading as="h2" size="sm">
                {step.title}
              </Heading>
              <Text fontSize="sm" color="gray.600" flex="1">
                {step.body}
              </Text>
              <Button asChild size="sm" variant="outline" alignSelf="flex-start">
                <Link to={step.link.to}>{step.link.label}</Link>
              </Button>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
      <ToolGroups groups={['writing', 'ai-rate']} />
    </Page>
  );
}
