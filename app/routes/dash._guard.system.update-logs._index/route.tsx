import { Box, EmptyState, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { History } from 'lucide-react';
import { UPDATE_TYPE_LABELS, UPDATE_TYPES, type UpdateType } from '../../../contracts/constants';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { FormAlert } from '~/components/ui/form-alert';
import { AffectedModules, UpdateLogMeta } from '~/components/update-logs/update-log-badges';
import { formatDate } from '~/services/dates';
import { pageTitle, updateLogRoute, updateLogsHref } from '~/services/navigation';
import { updateLogsLoader } from '~/services/pages/update-logs.server';

const PAGE = '更新日志';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => updateLogsLoader(PAGE, args);

const FILTERS: Array<{ type: UpdateType | null; label: string }> = [
  { type: null, label: '全部' },
  ...UPDATE_TYPES.map((type) => ({ type, label: UPDATE_TYPE_LABELS[type] })),
];

/**
 * Spec §2 system/update-logs: published logs, newest first, filtered by type and paginated by
 * links (works without JavaScript). A failed fetch shows an empty list with a note (spec §8).
 */
export default function UpdateLogs() {
  const { updateType, logs, page, pageSize, total, failed } = useLoaderData<typeof loader>();
  return (
    <Page title={PAGE} description="平台的新功能、问题修复与体验优化，按发布时间从新到旧排列。" maxW="4xl">
      <Stack gap="5">
        <HStack as="nav" aria-label="按类型筛选" gap="2" flexWrap="wrap" data-testid="update-log-filters">
          {FILTERS.map((f) => {
            const active = f.type === updateType;
            return (
              <ChakraLink
                key={f.label}
                asChild
                px="3"
                py="1"
                rounded="full"
                fontSize="sm"
                borderWidth="1px"
                bg={active ? 'blue.600' : 'white'}
                borderColor={active ? 'blue.600' : 'gray.200'}
                color={active ? 'white' : 'gray.700'}
                _hover={{ textDecoration: 'none', borderColor: active ? 'blue.700' : 'blue.300' }}
              >
                <Link to={updateLogsHref(f.type)} aria-current={active ? 'page' : undefined}>
                  {f.label}
                </Link>
              </ChakraLink>
            );
          })}
        </HStack>

        {failed && (
          <FormAlert status="warning" testId="update-logs-failed">
            更新日志暂时无法加载，请稍后刷新重试。
          </FormAlert>
        )}

        {logs.length === 0 ? (
          <EmptyState.Root size="sm" borderWidth="1px" rounded="xl" bg="white" data-testid="update-logs-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <History />
              </EmptyState.Indicator>
              <EmptyState.Title>{updateType ? `暂无「${UPDATE_TYPE_LABELS[updateType]}」类的更新日志` : '暂无更新日志'}</EmptyState.Title>
              {updateType && !failed && (
                <EmptyState.Description>
                  <ChakraLink asChild color="blue.600">
                    <Link to={updateLogsHref(null)}>查看全部更新日志</Link>
                  </ChakraLink>
                </EmptyState.Description>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ol" gap="3" listStyleType="none" data-testid="update-log-list">
            {logs.map((log) => (
              <Box as="li" key={log.id} bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid="update-log-item">
                <Stack gap="2">
                  <UpdateLogMeta version={log.version} type={log.update_type} importance={log.importance} date={formatDate(log.date)} />
                  <Heading as="h2" size="md" lineHeight="short">
                    <ChakraLink asChild color="gray.900" _hover={{ color: 'blue.700' }}>
                      <Link to={updateLogRoute(log.id)}>{log.title}</Link>
                    </ChakraLink>
                  </Heading>
                  {log.excerpt && (
                    <Text color="gray.600" fontSize="sm" lineClamp={2} overflowWrap="anywhere" data-testid="update-log-excerpt">
                      {log.excerpt}
                    </Text>
                  )}
                  <AffectedModules modules={log.affected_modules} />
                </Stack>
              </Box>
            ))}
          </Stack>
        )}

        {total > 0 && (
          <HistoryPager
            page={page}
            pageSize={pageSize}
            total={total}
            hrefFor={(p) => updateLogsHref(updateType, p)}
            label="更新日志分页"
            testId="update-logs-pager"
          />
        )}
      </Stack>
    </Page>
  );
}
