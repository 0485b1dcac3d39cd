import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { formatPoints } from '../../contracts/constants';
import type { AccountMergePreview } from '../../contracts/account-merge';

/** Where a merge is confirmed, whichever page offered it (/wechat-bind's action, ADR 0039). */
export const WECHAT_BIND_ROUTE = '/wechat-bind';

/** The merge the API offered, shown in full before anything changes (ADR 0039). */
export function MergeConfirmation({ merge, cancelTo }: { merge: AccountMergePreview; cancelTo: string }) {
  const navigation = useNavigation();
  const rows: [string, string, string][] = [
    ['账号', `手机号 ${merge.phoneAccount.phone}`, `微信「${merge.wechatAccount.wechatNickname}」`],
    ['积分', formatPoints(merge.phoneAccount.points), formatPoints(merge.wechatAccount.points)],
    ['学生档案', '保留', `${merge.wechatAccount.students} 个，转入`],
    ['作品', '保留', `${merge.wechatAccount.works} 篇，转入`],
    ['订单', '保留', `${merge.wechatAccount.orders} 笔，转入`],
  ];
  return (
    <Stack
      gap="4"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid="merge-confirmation"
    >
      <Text fontWeight="semibold">该手机号已有账号，是否合并？</Text>
      <Text fontSize="sm" color="gray.700">
        {merge.rule}
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" bg="white" rounded="md">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              <Table.ColumnHeader>手机号账号（保留）</Table.ColumnHeader>
              <Table.ColumnHeader>微信账号（合并后关闭）</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(([label, kept, moved]) => (
              <Table.Row key={label}>
                <Table.Cell color="gray.500" whiteSpace="nowrap">
                  {label}
                </Table.Cell>
                <Table.Cell>{kept}</Table.Cell>
                <Table.Cell>{moved}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Text fontSize="sm" color="gray.700">
        合并后积分共 {formatPoints(merge.phoneAccount.points + merge.wechatAccount.points)}。
      </Text>
      <Form method="post" action={WECHAT_BIND_ROUTE}>
        <input type="hidden" name="mergeTicket" value={merge.mergeTicket} />
        <HStack gap="3" flexDirection={{ base: 'column', sm: 'row' }} align="stretch">
          <Button
            type="submit"
            name="intent"
            value="confirm-merge"
            colorPalette="orange"
            loading={navigation.state === 'submitting'}
            loadingText="合并中…"
            data-testid="confirm-merge"
          >
            确认合并
          </Button>
          <Button asChild variant="outline">
            <Link to={cancelTo} replace>
              取消
            </Link>
          </Button>
        </HStack>
      </Form>
    </Stack>
  );
}
