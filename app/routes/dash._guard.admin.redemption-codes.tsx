import {
  Badge,
  Box,
  Button,
  Clipboard,
  EmptyState,
  Heading,
  HStack,
  Input,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { Download, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatPoints } from '../../contracts/constants';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { formatBeijingTime } from '~/components/admin/format';
import { Page } from '~/components/page';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import type { BatchRow, BatchStatus } from '~/services/admin/redemption-codes.server';
import { redemptionCodesAction, redemptionCodesLoader } from '~/services/admin/redemption-codes.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '兑换码管理';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => redemptionCodesLoader(args);
export const action = (args: ActionFunctionArgs) => redemptionCodesAction(args);

const STATUS: Record<BatchStatus, { label: string; palette: string }> = {
  active: { label: '有效', palette: 'green' },
  disabled: { label: '已停用', palette: 'gray' },
  expired: { label: '已过期', palette: 'orange' },
};

/** A plain link, not `download`: a refused export comes back as this page with the reason, which must not be saved as a file. */
const exportUrl = (batchId: string) => `/resources/admin/redemption-codes/${batchId}/export`;
/** Which batch a confirmation is about: its size and worth, when it was made and its note. */
const describeBatch = (b: BatchRow) =>
  `${b.count} 个兑换码，每个 ${formatPoints(b.points)} 积分、可用 ${b.maxUses} 次（创建于 ${formatBeijingTime(b.createdAt)}${b.note ? `，备注：${b.note}` : ''}）`;

export default function RedemptionCodes() {
  const { batches } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  const intent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const create = data?.intent === 'create' ? data : null;
  const errors = create && !create.ok ? create.errors : {};
  const values = create && !create.ok ? create.values : null;
  const disable = data?.intent === 'disable' ? data : null;
  const awaitingConfirm = disable?.stage === 'confirm' ? batches.find((b) => b.id === disable.batchId) : undefined;

  // The dialog closes when the action it sent has answered (state adjusted while rendering).
  const [target, setTarget] = useState<BatchRow | null>(null);
  const [answered, setAnswered] = useState(data);
  if (answered !== data) {
    setAnswered(data);
    if (data?.intent === 'disable') setTarget(null);
  }
  useEffect(() => {
    if (!create?.ok) return;
    formRef.current?.reset();
    // On a phone the new codes appear below the fold.
    createdRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [create]);

  return (
    <Page title={PAGE} description="生成兑换码发给用户，用户在「使用兑换码」中兑换积分。每个用户对同一批兑换码只能兑换一次。">
      <Stack gap="6">
        {awaitingConfirm && (
          <ConfirmPanel
            title="停用这批兑换码？"
            fields={{ intent: 'disable', batchId: awaitingConfirm.id }}
            confirmText="确认停用"
            testId="disable-confirm-panel"
          >
            {describeBatch(awaitingConfirm)}。停用后这批兑换码都不能再兑换，已兑换的积分不受影响。停用后不能恢复。
          </ConfirmPanel>
        )}
        <FormAlert status="success" testId="disable-done">
          {disable?.stage === 'done' ? disable.message : null}
        </FormAlert>
        <FormAlert>{disable?.stage === 'failed' ? disable.error : null}</FormAlert>

        <Box as="section" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '6' }}>
          <Heading as="h2" size="md" mb="4">
            生成兑换码
          </Heading>
          <Form method="post" ref={formRef} noValidate>
            <input type="hidden" name="intent" value="create" />
            <Stack gap="4">
              <FormAlert>{errors.form}</FormAlert>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <FormField label="每个兑换码积分" error={errors.points} required>
                  <Input name="points" type="number" inputMode="decimal" min="0.01" step="0.01" defaultValue={values?.points ?? ''} />
                </FormField>
                <FormField label="数量" error={errors.count} required helper="一次最多1000个">
                  <Input name="count" type="number" inputMode="numeric" min="1" max="1000" step="1" defaultValue={values?.count ?? '1'} />
                </FormField>
                <FormField label="每个可用次数" error={errors.maxUses} required helper="可被多少个不同用户兑换">
                  <Input name="maxUses" type="number" inputMode="numeric" min="1" step="1" defaultValue={values?.maxUses ?? '1'} />
                </FormField>
              </SimpleGrid>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <FormField label="过期时间（选填）" error={errors.expiresAt} helper="北京时间；不填则长期有效">
                  <Input name="expiresAt" type="datetime-local" defaultValue={values?.expiresAt ?? ''} />
                </FormField>
                <Box gridColumn={{ md: 'span 2' }}>
                  <FormField label="备注（选填）" error={errors.note} helper="例如发放渠道或活动名称，只有管理员能看到">
                    <Input name="note" maxLength={100} defaultValue={values?.note ?? ''} />
                  </FormField>
                </Box>
              </SimpleGrid>
              <Box>
                <Button type="submit" colorPalette="blue" loading={intent === 'create'} loadingText="生成中…" data-testid="create-codes">
                  生成兑换码
                </Button>
              </Box>
            </Stack>
          </Form>
        </Box>

        {create?.ok && (
          <Box
            as="section"
            ref={createdRef}
            bg="green.50"
            borderColor="green.200"
            rounded="xl"
            borderWidth="1px"
            p={{ base: '5', md: '6' }}
            data-testid="created-codes"
          >
            <Stack gap="3">
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
                <Box>
                  <Heading as="h2" size="md">
                    已生成 {create.codes.length} 个兑换码
                  </Heading>
                  <Text fontSize="sm" color="gray.600">
                    每个 {formatPoints(create.points)} 积分、可用 {create.maxUses} 次。离开本页后可在下方列表中导出 CSV。
                  </Text>
                </Box>
                <HStack gap="2" flexShrink={0}>
                  <Clipboard.Root value={create.codes.join('\n')}>
                    <Clipboard.Trigger asChild>
                      <Button size="sm" variant="outline" bg="white" data-testid="copy-codes">
                        <Clipboard.Indicator />
                        <Clipboard.Context>{(api) => (api.copied ? '已复制' : '复制全部')}</Clipboard.Context>
                      </Button>
                    </Clipboard.Trigger>
                  </Clipboard.Root>
                  <Button asChild size="sm" colorPalette="green">
                    <a href={exportUrl(create.batchId)}>
                      <Download size={16} aria-hidden /> 下载 CSV
                    </a>
                  </Button>
                </HStack>
              </Stack>
              <Textarea
                readOnly
                aria-label="生成的兑换码"
                value={create.codes.join('\n')}
                rows={Math.min(create.codes.length, 8)}
                fontFamily="mono"
                bg="white"
                resize="vertical"
              />
            </Stack>
          </Box>
        )}

        <Box as="section" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '6' }}>
          <Heading as="h2" size="md" mb="4">
            兑换码批次
          </Heading>
          {batches.length === 0 ? (
            <EmptyState.Root size="sm" data-testid="batches-empty">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Ticket />
                </EmptyState.Indicator>
                <EmptyState.Title>还没有兑换码</EmptyState.Title>
                <EmptyState.Description>在上方填写积分和数量，生成第一批兑换码。</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="batches" css={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>创建时间</Table.ColumnHeader>
                    <Table.ColumnHeader>状态</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">已使用/总次数</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">每个积分</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">数量</Table.ColumnHeader>
                    <Table.ColumnHeader>过期时间</Table.ColumnHeader>
                    <Table.ColumnHeader>备注</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">操作</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {batches.map((batch) => (
                    <Table.Row key={batch.id} data-testid={`batch-${batch.id}`}>
                      <Table.Cell>{formatBeijingTime(batch.createdAt)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STATUS[batch.status].palette} data-testid="batch-status">
                          {STATUS[batch.status].label}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="batch-uses">
                        {batch.uses}/{batch.count * batch.maxUses}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatPoints(batch.points)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{batch.count}</Table.Cell>
                      <Table.Cell>{batch.expiresAt ? formatBeijingTime(batch.expiresAt) : '长期有效'}</Table.Cell>
                      <Table.Cell maxW="48" truncate title={batch.note ?? undefined}>
                        {batch.note || '—'}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="flex-end">
                          <Button asChild size="xs" variant="ghost" colorPalette="blue">
                            <ChakraLink href={exportUrl(batch.id)}>导出 CSV</ChakraLink>
                          </Button>
                          {batch.status === 'active' && (
                            <Form method="post">
                              <input type="hidden" name="intent" value="disable" />
                              <input type="hidden" name="batchId" value={batch.id} />
                              <Button
                                type="submit"
                                size="xs"
                                variant="ghost"
                                colorPalette="red"
                                onClick={(event) => {
                                  // With JavaScript the dialog asks; without it the action does.
                                  event.preventDefault();
                                  setTarget(batch);
                                }}
                                data-testid="disable-batch"
                              >
                                停用
                              </Button>
                            </Form>
                          )}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Box>
      </Stack>

      <AppDialog
        role="alertdialog"
        open={target !== null}
        onOpenChange={(details) => {
          if (!details.open) setTarget(null);
        }}
        title="停用这批兑换码？"
        testId="disable-dialog"
        footer={
          <Button
            colorPalette="red"
            loading={intent === 'disable'}
            loadingText="停用中…"
            onClick={() => target && submit({ intent: 'disable', batchId: target.id, confirm: 'yes' }, { method: 'post' })}
            data-testid="confirm-disable"
          >
            确认停用
          </Button>
        }
      >
        {target && <Text>{describeBatch(target)}。停用后这批兑换码都不能再兑换，已兑换的积分不受影响。停用后不能恢复。</Text>}
      </AppDialog>
    </Page>
  );
}
