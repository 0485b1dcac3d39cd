import { Badge, Box, Button, DataList, EmptyState, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { History, Search } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  formatPoints,
  POINTS_SOURCE_LABELS,
  POINTS_STATUS_LABELS,
  POINTS_TYPE_LABELS,
  ROLE_LABELS,
  type PointsStatus,
} from '../../../contracts/constants';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { formatBeijingTime } from '~/components/admin/format';
import { Page } from '~/components/page';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { useHydrated } from '~/hooks/use-hydrated';
import { adminPointsAction, adminPointsLoader, type AdjustActionData } from './points.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '用户积分';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => adminPointsLoader(args);
export const action = (args: ActionFunctionArgs) => adminPointsAction(args);

const STATUS_PALETTE: Record<PointsStatus, string> = { pending: 'blue', success: 'green', failed: 'red', cancelled: 'gray' };
const signed = (points: number) => (points > 0 ? `+${formatPoints(points)}` : formatPoints(points));

type Ledger = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['ledger']>;
type Preview = Extract<AdjustActionData, { stage: 'confirm' }>;
type AdjustErrors = Extract<AdjustActionData, { ok: false }>['errors'];
type AdjustValues = Extract<AdjustActionData, { ok: false }>['values'];

const SECTION = { bg: 'white', rounded: 'xl', borderWidth: '1px', p: { base: '5', md: '6' } } as const;

export default function AdminPoints() {
  const { phone, ledger, error } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const adjustForm = useRef<HTMLFormElement>(null);
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'adjust';
  const confirming = submitting && navigation.formData?.get('confirm') === 'yes';
  const searching = navigation.state === 'loading' && navigation.formMethod?.toUpperCase() === 'GET';
  const preview = data?.ok && data.stage === 'confirm' ? data : null;
  const done = data?.ok && data.stage === 'done' ? data : null;
  const hydrated = useHydrated();

  // The dialog opens with each new preview the action returns and closes on any other answer.
  const [dialogFor, setDialogFor] = useState(preview);
  const [answered, setAnswered] = useState(data);
  if (answered !== data) {
    setAnswered(data);
    setDialogFor(preview);
  }
  useEffect(() => {
    if (done) adjustForm.current?.reset();
  }, [done]);

  const user = ledger?.user;
  const history = ledger?.history;

  return (
    <Page
      title={PAGE}
      description="按手机号查询用户的积分余额和明细，必要时手动增加或扣减积分。每次调整都会记入明细，类型为「管理员调整」。"
    >
      <Stack gap="6">
        <LedgerSearch phone={phone} error={error} searching={searching} />
        {!user && !error && <LedgerPrompt />}
        {user && history && (
          <>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
              <LedgerUser user={user} />
              <AdjustPanel
                phone={user.phone}
                preview={preview}
                doneBalance={done ? done.balance : null}
                errors={data && !data.ok ? data.errors : {}}
                values={data && !data.ok ? data.values : null}
                checking={submitting && !confirming}
                formRef={adjustForm}
              />
            </SimpleGrid>
            <LedgerHistory history={history} phone={phone} />
          </>
        )}
      </Stack>
      <AdjustDialog
        // Without JavaScript the page asks instead (the <noscript> panel): a dialog would have no script to close it.
        open={hydrated && dialogFor !== null}
        preview={dialogFor}
        confirming={confirming}
        onClose={() => setDialogFor(null)}
        onConfirm={(p) =>
          submit({ intent: 'adjust', phone: p.phone, points: String(p.points), reason: p.reason, confirm: 'yes' }, { method: 'post' })
        }
      />
    </Page>
  );
}

/** The search by phone: a GET form, so a search is a link an operator can share or reload. */
function LedgerSearch({ phone, error, searching }: { phone: string; error: string | null; searching: boolean }) {
  return (
    <Box as="section" {...SECTION}>
      <Form method="get" role="search">
        <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }} gap="3">
          <Box flex="1" maxW={{ sm: 'sm' }}>
            <FormField label="用户手机号" error={error ?? undefined}>
              <Input name="phone" type="tel" inputMode="numeric" maxLength={20} defaultValue={phone} placeholder="11位手机号" />
            </FormField>
          </Box>
          <Button type="submit" colorPalette="blue" loading={searching} loadingText="查询中…" data-testid="ledger-search">
            <Search size={16} aria-hidden /> 查询
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

function LedgerPrompt() {
  return (
    <EmptyState.Root size="sm" bg="white" rounded="xl" borderWidth="1px" data-testid="ledger-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Search />
        </EmptyState.Indicator>
        <EmptyState.Title>查询一位用户</EmptyState.Title>
        <EmptyState.Description>输入用户登录用的手机号，查看余额与积分明细并调整积分。</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function LedgerUser({ user }: { user: Ledger['user'] }) {
  return (
    <Box as="section" {...SECTION} data-testid="ledger-user">
      <Heading as="h2" size="md" mb="4">
        用户
      </Heading>
      <DataList.Root orientation="horizontal" gap="3">
        {(
          [
            ['手机号', user.phone],
            ['用户名', user.username || user.name || '—'],
            ['角色', ROLE_LABELS[user.role]],
            ['注册时间', formatBeijingTime(user.created_at)],
          ] as const
        ).map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="20">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel minW="20">积分余额</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text
              as="span"
              fontSize="xl"
              fontWeight="bold"
              color="orange.700"
              fontVariantNumeric="tabular-nums"
              data-testid="ledger-balance"
            >
              {formatPoints(user.total_points)}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}

/** 调整积分: the form is checked and priced first (`preview`); the adjustment is made once confirmed. */
function AdjustPanel({
  phone,
  preview,
  doneBalance,
  errors,
  values,
  checking,
  formRef,
}: {
  phone: string | null;
  preview: Preview | null;
  /** The balance after an adjustment just made. */
  doneBalance: number | null;
  errors: AdjustErrors;
  values: AdjustValues | null;
  checking: boolean;
  formRef: RefObject<HTMLFormElement>;
}) {
  return (
    <Box as="section" {...SECTION}>
      <Heading as="h2" size="md" mb="4">
        调整积分
      </Heading>
      <Stack gap="4">
        {preview && (
          <noscript>
            <ConfirmPanel
              title="确认调整积分？"
              fields={{ intent: 'adjust', phone: preview.phone, points: String(preview.points), reason: preview.reason }}
              confirmText="确认调整"
            >
              {phone}：{signed(preview.points)} 积分，余额 {formatPoints(preview.balance)} → {formatPoints(preview.after)}
              。原因：{preview.reason}
            </ConfirmPanel>
          </noscript>
        )}
        <FormAlert status="success" testId="adjust-done">
          {doneBalance !== null ? `积分已调整，当前余额 ${formatPoints(doneBalance)}` : null}
        </FormAlert>
        <Form method="post" ref={formRef} noValidate>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="phone" value={phone ?? ''} />
          <Stack gap="4">
            <FormAlert>{errors.form ?? errors.phone}</FormAlert>
            <FormField label="积分" error={errors.points} required helper="正数增加，负数扣减（如 -10），最多两位小数">
              <Input
                name="points"
                type="number"
                inputMode="decimal"
                step="0.01"
                defaultValue={values?.points ?? (preview ? String(preview.points) : '')}
              />
            </FormField>
            <FormField label="原因" error={errors.reason} required helper="会显示在用户的积分明细中">
              <Input
                name="reason"
                maxLength={200}
                defaultValue={values?.reason ?? preview?.reason ?? ''}
                placeholder="例如：活动补发、误扣退还"
              />
            </FormField>
            <Box>
              <Button type="submit" colorPalette="blue" loading={checking} loadingText="核对中…" data-testid="adjust-submit">
                调整积分
              </Button>
            </Box>
          </Stack>
        </Form>
      </Stack>
    </Box>
  );
}

/** 积分明细: the user's entries, newest first, a page at a time. */
function LedgerHistory({ history, phone }: { history: Ledger['history']; phone: string }) {
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  const pageLink = (page: number) => `?${new URLSearchParams({ phone, page: String(page) })}`;
  return (
    <Box as="section" {...SECTION}>
      <HStack justify="space-between" mb="4" flexWrap="wrap" gap="2">
        <Heading as="h2" size="md">
          积分明细
        </Heading>
        <Text fontSize="sm" color="gray.500">
          共 {history.total} 条
        </Text>
      </HStack>
      {history.items.length === 0 ? (
        <EmptyState.Root size="sm" data-testid="ledger-rows-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <History />
            </EmptyState.Indicator>
            <EmptyState.Title>暂无积分记录</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <LedgerTable items={history.items} />
      )}
      {pages > 1 && (
        <HStack justify="center" gap="3" mt="4" data-testid="ledger-pagination">
          <PageLink to={pageLink(history.page - 1)} disabled={history.page <= 1}>
            上一页
          </PageLink>
          <Text fontSize="sm" color="gray.600">
            第 {history.page} / {pages} 页
          </Text>
          <PageLink to={pageLink(history.page + 1)} disabled={history.page >= pages}>
            下一页
          </PageLink>
        </HStack>
      )}
    </Box>
  );
}

function LedgerTable({ items }: { items: Ledger['history']['items'] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="ledger-rows" css={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>时间</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">积分</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">余额</Table.ColumnHeader>
            <Table.ColumnHeader>来源</Table.ColumnHeader>
            <Table.ColumnHeader>类型</Table.ColumnHeader>
            <Table.ColumnHeader>状态</Table.ColumnHeader>
            <Table.ColumnHeader>说明</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>{formatBeijingTime(item.createdAt)}</Table.Cell>
              <Table.Cell
                textAlign="end"
                fontVariantNumeric="tabular-nums"
                fontWeight="medium"
                color={item.points < 0 ? 'red.600' : 'green.700'}
              >
                {signed(item.points)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatPoints(item.balanceAfter)}
              </Table.Cell>
              <Table.Cell>{POINTS_SOURCE_LABELS[item.source]}</Table.Cell>
              <Table.Cell>{POINTS_TYPE_LABELS[item.type]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_PALETTE[item.status]}>{POINTS_STATUS_LABELS[item.status]}</Badge>
              </Table.Cell>
              <Table.Cell maxW="64" truncate title={item.metadata.description}>
                {item.aiOperation?.error_message || item.metadata.description || '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The confirmation of a priced adjustment (with JavaScript; without it the <noscript> panel asks). */
function AdjustDialog({
  open,
  preview,
  confirming,
  onClose,
  onConfirm,
}: {
  open: boolean;
  preview: Preview | null;
  confirming: boolean;
  onClose: () => void;
  onConfirm: (preview: Preview) => void;
}) {
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      title="确认调整积分？"
      testId="adjust-dialog"
      footer={
        <Button
          colorPalette={preview && preview.points < 0 ? 'red' : 'blue'}
          loading={confirming}
          loadingText="调整中…"
          onClick={() => preview && onConfirm(preview)}
          data-testid="confirm-adjust"
        >
          确认{preview && preview.points < 0 ? '扣减' : '增加'}
        </Button>
      }
    >
      {preview && (
        <DataList.Root orientation="horizontal" gap="3">
          {(
            [
              ['用户', preview.phone],
              ['调整', `${signed(preview.points)} 积分`],
              ['余额', `${formatPoints(preview.balance)} → ${formatPoints(preview.after)}`],
              ['原因', preview.reason],
            ] as const
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="12">{label}</DataList.ItemLabel>
              <DataList.ItemValue data-testid={`adjust-dialog-${label}`}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </AppDialog>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  if (disabled) {
    return (
      <Button size="sm" variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={to} preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}
