import { Box, Button, Clipboard, Heading, HStack, Input, Link as ChakraLink, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { Download, Ticket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatPoints } from '../../../contracts/constants';
import { formatBeijingTime } from '~/components/admin/format';
import { ConsoleList } from '~/components/console/console-list';
import { ConsoleSection } from '~/components/console/console-section';
import { useResetOnSuccess } from '~/components/console/edit-form';
import { StatusBadge, type StatusStyle } from '~/components/console/status-badge';
import { actionsColumn, type Column } from '~/components/list-page/data-table';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { RowActionButton, RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import type { BatchRow, BatchStatus, RedemptionCodesActionData } from './redemption-codes.server';
import { redemptionCodesAction, redemptionCodesLoader } from './redemption-codes.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '兑换码管理';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => redemptionCodesLoader(args);
export const action = (args: ActionFunctionArgs) => redemptionCodesAction(args);

const STATUS: Record<BatchStatus, StatusStyle> = {
  active: { label: '有效', palette: 'green' },
  disabled: { label: '已停用', palette: 'gray' },
  expired: { label: '已过期', palette: 'orange' },
};

/** A plain link, not `download`: a refused export comes back as this page with the reason, which must not be saved as a file. */
const exportUrl = (batchId: string) => `/resources/admin/redemption-codes/${batchId}/export`;
/** Which batch a confirmation is about: its size and worth, when it was made and its note. */
const describeBatch = (b: BatchRow) =>
  `${b.count} 个兑换码，每个 ${formatPoints(b.points)} 积分、可用 ${b.maxUses} 次（创建于 ${formatBeijingTime(b.createdAt)}${b.note ? `，备注：${b.note}` : ''}）`;

const askDisable = (b: BatchRow): PendingRowAction => ({
  intent: 'disable',
  id: b.id,
  title: '停用这批兑换码？',
  confirmText: '确认停用',
  body: `${describeBatch(b)}。停用后这批兑换码都不能再兑换，已兑换的积分不受影响。停用后不能恢复。`,
});

function columns(onAsk: (a: PendingRowAction) => void): Column<BatchRow>[] {
  const number = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;
  return [
    { key: 'created', header: '创建时间', cell: (b) => formatBeijingTime(b.createdAt) },
    { key: 'status', header: '状态', cell: (b) => <StatusBadge status={b.status} styles={STATUS} testId="batch-status" /> },
    {
      key: 'uses',
      header: '已使用/总次数',
      headerProps: { textAlign: 'end' },
      cellProps: number,
      cellPropsOf: () => ({ 'data-testid': 'batch-uses' }),
      cell: (b) => `${b.uses}/${b.count * b.maxUses}`,
    },
    { key: 'points', header: '每个积分', headerProps: { textAlign: 'end' }, cellProps: number, cell: (b) => formatPoints(b.points) },
    { key: 'count', header: '数量', headerProps: { textAlign: 'end' }, cellProps: { textAlign: 'end' }, cell: (b) => b.count },
    { key: 'expires', header: '过期时间', cell: (b) => (b.expiresAt ? formatBeijingTime(b.expiresAt) : '长期有效') },
    {
      key: 'note',
      header: '备注',
      cellProps: { maxW: '48', truncate: true },
      cellPropsOf: (b) => ({ title: b.note ?? undefined }),
      cell: (b) => b.note || '—',
    },
    actionsColumn((b) => (
      <>
        <Button asChild size="xs" variant="ghost" colorPalette="blue">
          <ChakraLink href={exportUrl(b.id)}>导出 CSV</ChakraLink>
        </Button>
        {b.status === 'active' && (
          <RowActionButton action={askDisable(b)} onAsk={onAsk} label="停用" palette="red" testId="disable-batch" />
        )}
      </>
    )),
  ];
}

type Created = Extract<RedemptionCodesActionData, { intent: 'create'; ok: true }>;

export default function RedemptionCodes() {
  const { batches } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const navigation = useNavigation();
  const creating = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const create = data?.intent === 'create' ? data : null;
  const errors = create && !create.ok ? create.errors : {};
  const values = create && !create.ok ? create.values : null;
  const disable = data?.intent === 'disable' ? data : null;
  const formRef = useResetOnSuccess(create?.ok ? create : null);

  return (
    <Page title={PAGE} description="生成兑换码发给用户，用户在「使用兑换码」中兑换积分。每个用户对同一批兑换码只能兑换一次。">
      <Stack gap="6">
        <RowActionNotices
          answer={disable}
          items={batches}
          describe={askDisable}
          panelTestId="disable-confirm-panel"
          doneTestId="disable-done"
        />

        <ConsoleSection title="生成兑换码">
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
                <Button type="submit" colorPalette="blue" loading={creating} loadingText="生成中…" data-testid="create-codes">
                  生成兑换码
                </Button>
              </Box>
            </Stack>
          </Form>
        </ConsoleSection>

        {create?.ok && <CreatedCodes created={create} />}

        <ConsoleList
          title="兑换码批次"
          empty={{
            testId: 'batches-empty',
            icon: <Ticket />,
            title: '还没有兑换码',
            description: '在上方填写积分和数量，生成第一批兑换码。',
          }}
          columns={columns(dialog.ask)}
          rows={batches}
          rowKey={(b) => b.id}
          rowProps={(b) => ({ 'data-testid': `batch-${b.id}` })}
          testId="batches"
        />
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} testId="disable-dialog" confirmTestId="confirm-disable" />
    </Page>
  );
}

/** The batch just made: its codes to copy or download now (later: the list's CSV export). */
function CreatedCodes({ created }: { created: Created }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the new codes appear below the fold.
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [created]);
  return (
    <Box
      as="section"
      ref={ref}
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
              已生成 {created.codes.length} 个兑换码
            </Heading>
            <Text fontSize="sm" color="gray.600">
              每个 {formatPoints(created.points)} 积分、可用 {created.maxUses} 次。离开本页后可在下方列表中导出 CSV。
            </Text>
          </Box>
          <HStack gap="2" flexShrink={0}>
            <Clipboard.Root value={created.codes.join('\n')}>
              <Clipboard.Trigger asChild>
                <Button size="sm" variant="outline" bg="white" data-testid="copy-codes">
                  <Clipboard.Indicator />
                  <Clipboard.Context>{(api) => (api.copied ? '已复制' : '复制全部')}</Clipboard.Context>
                </Button>
              </Clipboard.Trigger>
            </Clipboard.Root>
            <Button asChild size="sm" colorPalette="green">
              <a href={exportUrl(created.batchId)}>
                <Download size={16} aria-hidden /> 下载 CSV
              </a>
            </Button>
          </HStack>
        </Stack>
        <Textarea
          readOnly
          aria-label="生成的兑换码"
          value={created.codes.join('\n')}
          rows={Math.min(created.codes.length, 8)}
          fontFamily="mono"
          bg="white"
          resize="vertical"
        />
      </Stack>
    </Box>
  );
}
