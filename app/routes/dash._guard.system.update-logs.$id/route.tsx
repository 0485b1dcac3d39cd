import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ArrowLeft } from 'lucide-react';
import { MarkdownBody } from '~/components/notices/notice-dialogs';
import { AffectedModules, UpdateLogMeta } from '~/components/update-logs/update-log-badges';
import { formatDate } from '~/services/dates';
import { pageTitle, UPDATE_LOGS_ROUTE } from '~/services/navigation';
import { updateLogDetailLoader } from '~/services/pages/update-logs.server';

const PAGE = '更新日志详情';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.updateLog?.title ?? PAGE) }];

export const loader = (args: LoaderFunctionArgs) => updateLogDetailLoader(PAGE, args);

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" color="gray.600">
      <Link to={UPDATE_LOGS_ROUTE} data-testid="update-log-back">
        <ArrowLeft size={16} aria-hidden /> 返回更新日志
      </Link>
    </Button>
  );
}

/**
 * Spec §2 system/update-logs/{id}: one published log, its markdown rendered and sanitised on the
 * server. An unknown or unpublished id (or a failed fetch, spec §8) reads 更新日志不存在 with a 404.
 */
export default function UpdateLogDetail() {
  const { updateLog, html } = useLoaderData<typeof loader>();
  if (!updateLog) {
    return (
      <Stack p={{ base: '4', md: '8' }} maxW="2xl" gap="4" data-testid="update-log-missing">
        <BackLink />
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>内容不存在</Alert.Title>
            <Alert.Description>更新日志不存在</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    );
  }
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="4xl" w="full">
      <Stack gap="4">
        <BackLink />
        <Stack gap="3">
          <UpdateLogMeta
            version={updateLog.version}
            type={updateLog.update_type}
            importance={updateLog.importance}
            date={formatDate(updateLog.publish_time ?? updateLog.created_at)}
          />
          <Heading as="h1" size="2xl" fontWeight="semibold" overflowWrap="anywhere">
            {updateLog.title}
          </Heading>
          <AffectedModules modules={updateLog.affected_modules} />
        </Stack>
        <Box as="article" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <MarkdownBody html={html} />
        </Box>
        {updateLog.notes && (
          <Box bg="blue.50" borderColor="blue.100" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} data-testid="update-log-notes">
            <Text fontWeight="semibold" fontSize="sm" color="blue.900" mb="1">
              备注
            </Text>
            <Text fontSize="sm" color="gray.700" whiteSpace="pre-wrap" overflowWrap="anywhere">
              {updateLog.notes}
            </Text>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
