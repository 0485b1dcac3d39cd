import { Badge, Box, Button, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { Megaphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../contracts/constants';
import { formatBeijingTime, toBeijingInput } from '~/components/admin/format';
import { ConsoleList } from '~/components/console/console-list';
import { consolePageHref, EditRowLink } from '~/components/console/console-section';
import { ConsoleEditForm } from '~/components/console/edit-form';
import { OptionsSelect } from '~/components/console/options-select';
import { StatusBadge, type StatusStyle } from '~/components/console/status-badge';
import { actionsColumn, type Column } from '~/components/list-page/data-table';
import { RowActionButton, RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { Page } from '~/components/page';
import { FormField } from '~/components/ui/form-field';
import { versionLabel } from '~/components/update-logs/update-log-badges';
import { useHydrated } from '~/hooks/use-hydrated';
import type { FieldErrors } from '~/services/forms';
import type { NotificationField, NotificationPhase, NotificationRow, NotificationRowIntent, UpdateLogOption } from './notifications.server';
import { notificationsAction, notificationsLoader } from './notifications.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '通知公告管理';
const ROUTE = '/dash/admin/notifications';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => notificationsLoader(args);
export const action = (args: ActionFunctionArgs) => notificationsAction(args);

const PHASE: Record<NotificationPhase, StatusStyle> = {
  draft: { label: NOTIFICATION_STATUS_LABELS.DRAFT, palette: 'gray' },
  scheduled: { label: '待开始', palette: 'blue' },
  live: { label: '生效中', palette: 'green' },
  ended: { label: '已过结束时间', palette: 'orange' },
  expired: { label: NOTIFICATION_STATUS_LABELS.EXPIRED, palette: 'gray' },
};
const IMPORTANCE_OPTIONS = [
  ['1', '1 · 普通'],
  ['2', '2 · 较高'],
  ['3', '3 · 紧急（弹窗提醒）'],
  ['4', '4 · 很紧急（弹窗提醒）'],
  ['5', '5 · 最高（弹窗提醒）'],
] as const;
const STATUS_OPTIONS = [
  ['DRAFT', '草稿（不展示）'],
  ['PUBLISHED', '立即发布'],
] as const;

const timeWindow = (n: NotificationRow) =>
  `${n.start_time ? formatBeijingTime(n.start_time) : '立即'} 至 ${n.end_time ? formatBeijingTime(n.end_time) : '不限'}`;

/** What each row action asks before it applies; the same words in the dialog and, without JavaScript, on the page. */
function describe(intent: NotificationRowIntent, n: NotificationRow): PendingRowAction {
  const name = `「${n.title}」（${NOTIFICATION_TYPE_LABELS[n.type]}）`;
  const maintenance = n.type === 'MAINTENANCE';
  switch (intent) {
    case 'publish':
      return {
        intent,
        id: n.id,
        title: '发布这条通知？',
        confirmText: '确认发布',
        palette: 'blue',
        body: `${name}发布后会立即推送给所有在线用户${maintenance ? '；到开始时间后，普通用户会被转到维护页面，提交操作将被拒绝' : ''}。`,
      };
    case 'expire':
      return {
        intent,
        id: n.id,
        title: '结束这条通知？',
        confirmText: '确认结束',
        palette: 'orange',
        body: `${name}结束后不再向用户展示${maintenance ? '，维护模式立即解除' : ''}。可以之后编辑并重新发布。`,
      };
    case 'delete':
      return {
        intent,
        id: n.id,
        title: '删除这条通知？',
        confirmText: '确认删除',
        body: `${name}删除后不再向用户展示，也不能恢复${maintenance && n.status === 'PUBLISHED' ? '；维护模式立即解除' : ''}。`,
      };
  }
}

/** The form's starting values: the failed submission's, else the notice being edited, else a new draft. */
function initialValues(editing: NotificationRow | null): Record<NotificationField, string> {
  return {
    title: editing?.title ?? '',
    content: editing?.content ?? '',
    type: editing?.type ?? 'ANNOUNCEMENT',
    // An ended notice is edited as a draft unless the operator publishes it again.
    status: editing?.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT',
    importance: String(editing?.importance ?? 1),
    need_confirmation: editing?.need_confirmation ? 'on' : '',
    start_time: toBeijingInput(editing?.start_time),
    end_time: toBeijingInput(editing?.end_time),
    redirect_url: editing?.redirect_url ?? '',
    estimatedCompletionTime: toBeijingInput(editing?.estimatedCompletionTime),
    update_log_id: editing?.updateLog?.id ?? '',
  };
}

function columns(route: string, page: number, onAsk: (a: PendingRowAction) => void): Column<NotificationRow>[] {
  return [
    {
      key: 'title',
      header: '标题',
      cellProps: { maxW: '64', truncate: true },
      cellPropsOf: (n) => ({ title: n.title }),
      cell: (n) => (
        <>
          {n.title}
          {n.need_confirmation && (
            <Badge ms="2" size="sm" variant="outline" colorPalette="purple">
              需确认
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'type',
      header: '类型',
      cell: (n) => (
        <>
          {NOTIFICATION_TYPE_LABELS[n.type]}
          {n.updateLog && (
            <Text as="span" color="gray.500" ms="1">
              {versionLabel(n.updateLog.version)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'status', header: '状态', cell: (n) => <StatusBadge status={n.phase} styles={PHASE} testId="notification-status" /> },
    {
      key: 'importance',
      header: '重要程度',
      headerProps: { textAlign: 'end' },
      cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      cell: (n) => n.importance,
    },
    { key: 'window', header: '展示时间', cellProps: { fontVariantNumeric: 'tabular-nums' }, cell: timeWindow },
    {
      key: 'updated',
      header: '最近修改',
      cellProps: { fontVariantNumeric: 'tabular-nums' },
      cell: (n) => formatBeijingTime(n.updated_at),
    },
    actionsColumn((n) => (
      <>
        <EditRowLink route={route} page={page} id={n.id} testId="edit-notification" />
        {n.status === 'DRAFT' && (
          <RowActionButton action={describe('publish', n)} onAsk={onAsk} label="发布" palette="blue" testId="publish-notification" />
        )}
        {n.status === 'PUBLISHED' && (
          <RowActionButton action={describe('expire', n)} onAsk={onAsk} label="结束" palette="orange" testId="expire-notification" />
        )}
        <RowActionButton action={describe('delete', n)} onAsk={onAsk} label="删除" palette="red" testId="delete-notification" />
      </>
    )),
  ];
}

export default function AdminNotifications() {
  const { items, page, pageSize, total, updateLogs, editing, editMissing } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const save = data?.intent === 'save' ? data : null;
  const row = data && data.intent !== 'save' ? data : null;
  const listHref = consolePageHref(ROUTE);

  return (
    <Page
      title={PAGE}
      description="发布公告、系统维护和版本更新通知。发布后立即推送给在线用户；紧急（重要程度3及以上）、需确认、公告和维护通知会弹窗提醒。"
    >
      <Stack gap="6">
        <RowActionNotices
          answer={row}
          items={items}
          // Without JavaScript there is no dialog: the action's first answer asks on the page.
          describe={(n) => describe(row!.intent, n)}
          panelTestId="notification-confirm-panel"
          doneTestId="notification-action-done"
        />

        <NotificationForm
          key={editing ? `${editing.id}-${editing.updated_at}` : 'new'}
          editing={editing}
          editMissing={editMissing}
          updateLogs={updateLogs}
          save={save}
          cancelHref={listHref(page)}
        />

        <ConsoleList
          title="全部通知"
          empty={{
            testId: 'notifications-empty',
            icon: <Megaphone />,
            title: '还没有通知',
            description: '在上方填写标题和内容，保存为草稿或直接发布。',
          }}
          columns={columns(ROUTE, page, dialog.ask)}
          rows={items}
          rowKey={(n) => n.id}
          rowProps={(n) => ({ 'data-testid': `notification-${n.id}`, bg: editing?.id === n.id ? 'blue.50' : undefined })}
          testId="notifications"
          pager={{ page, pageSize, total, hrefFor: listHref, label: '通知分页', testId: 'notifications-pager' }}
        />
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}

type SaveResult =
  | { ok: true; id: string; message: string }
  | { ok: false; errors: FieldErrors<NotificationField>; values: Record<NotificationField, string> };

type Values = Record<NotificationField, string>;

/** Create or edit: every field of spec §3; the type's own fields (maintenance, update log) follow the chosen type once scripts run. */
function NotificationForm({
  editing,
  editMissing,
  updateLogs,
  save,
  cancelHref,
}: {
  editing: NotificationRow | null;
  editMissing: boolean;
  updateLogs: UpdateLogOption[];
  save: SaveResult | null;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors: FieldErrors<NotificationField> = save && !save.ok ? save.errors : {};
  const values = save && !save.ok ? save.values : initialValues(editing);
  const [type, setType] = useState(values.type as NotificationType);
  // Without JavaScript every field shows (the type cannot be followed); the action drops the other types' fields.
  const shows = (t: NotificationType) => !hydrated || type === t;

  // A new notice saved: the type starts again as an announcement (state adjusted while rendering).
  const [answered, setAnswered] = useState(save);
  if (answered !== save) {
    setAnswered(save);
    if (save?.ok && !editing) setType('ANNOUNCEMENT');
  }

  return (
    <ConsoleEditForm
      title={editing ? '编辑通知' : '新建通知'}
      testId="notification-form-section"
      editingId={editing?.id ?? null}
      cancelHref={cancelHref}
      cancelLabel="取消编辑，新建通知"
      intent="save"
      missingText={editMissing ? '要编辑的通知不存在或已删除，可以在下方新建。' : null}
      saved={save?.ok ? save : null}
      savedTestId="notification-saved"
      formError={errors.form}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Box gridColumn={{ md: 'span 2' }}>
          <FormField label="标题" error={errors.title} required>
            <Input name="title" maxLength={100} defaultValue={values.title} />
          </FormField>
        </Box>
        <FormField label="类型" error={errors.type} required>
          <OptionsSelect
            name="type"
            defaultValue={values.type}
            options={NOTIFICATION_TYPES.map((t) => [t, NOTIFICATION_TYPE_LABELS[t]])}
            onChange={(value) => setType(value as NotificationType)}
          />
        </FormField>
      </SimpleGrid>
      <FormField label="内容" error={errors.content} helper="纯文本，换行会保留；最多5000字">
        <Textarea name="content" rows={4} maxLength={5000} defaultValue={values.content} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField
          label="状态"
          error={errors.status}
          helper={editing?.status === 'EXPIRED' ? '这条通知已结束；选择「立即发布」会重新发布' : undefined}
        >
          <OptionsSelect name="status" defaultValue={values.status} options={STATUS_OPTIONS} />
        </FormField>
        <FormField label="重要程度" error={errors.importance}>
          <OptionsSelect name="importance" defaultValue={values.importance} options={IMPORTANCE_OPTIONS} />
        </FormField>
        <FormField label="用户确认" error={errors.need_confirmation}>
          <HStack as="label" gap="2" minH="10" cursor="pointer">
            <input
              type="checkbox"
              name="need_confirmation"
              defaultChecked={values.need_confirmation !== ''}
              style={{ width: 16, height: 16 }}
            />
            <Text fontSize="sm">需要用户点击「我已知晓」</Text>
          </HStack>
        </FormField>
      </SimpleGrid>
      <TimeFields values={values} errors={errors} startRequired={hydrated && type === 'MAINTENANCE'} />
      <TypeFields values={values} errors={errors} updateLogs={updateLogs} shows={shows} />
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving} loadingText="保存中…" data-testid="save-notification">
          {editing ? '保存修改' : '保存'}
        </Button>
        {!editing && (
          <Text fontSize="sm" color="gray.500">
            状态选「立即发布」会在保存后立即推送
          </Text>
        )}
      </HStack>
    </ConsoleEditForm>
  );
}

/** When the notice shows, and where it leads. */
function TimeFields({ values, errors, startRequired }: { values: Values; errors: FieldErrors<NotificationField>; startRequired: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <FormField label="开始时间" error={errors.start_time} required={startRequired} helper="北京时间；不填则发布后立即展示。维护通知必填">
        <Input name="start_time" type="datetime-local" defaultValue={values.start_time} />
      </FormField>
      <FormField label="结束时间" error={errors.end_time} helper="北京时间；不填则一直展示到手动结束">
        <Input name="end_time" type="datetime-local" defaultValue={values.end_time} />
      </FormField>
      <FormField label="跳转链接（选填）" error={errors.redirect_url} helper="站内路径如 /dash/faq，或 http(s) 链接">
        <Input name="redirect_url" maxLength={500} defaultValue={values.redirect_url} placeholder="/dash/…" />
      </FormField>
    </SimpleGrid>
  );
}

/** The fields only a maintenance or an update notice has. */
function TypeFields({
  values,
  errors,
  updateLogs,
  shows,
}: {
  values: Values;
  errors: FieldErrors<NotificationField>;
  updateLogs: UpdateLogOption[];
  shows: (type: NotificationType) => boolean;
}) {
  if (!shows('MAINTENANCE') && !shows('UPDATE')) return null;
  // Tinted like the notice it belongs to, so the operator sees which type uses the field.
  const tinted = (bg: string, testId: string, field: ReactNode) => (
    <Box bg={bg} rounded="md" p="3" data-testid={testId}>
      {field}
    </Box>
  );
  const logOptions: Array<[string, string]> = [
    ['', '不关联'],
    ...updateLogs.map((l): [string, string] => [l.id, `${versionLabel(l.version)} ${l.title}${l.published ? '' : '（草稿）'}`]),
  ];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {shows('MAINTENANCE') &&
        tinted(
          'orange.50',
          'maintenance-fields',
          <FormField
            label="预计完成时间（系统维护）"
            error={errors.estimatedCompletionTime}
            helper="北京时间；维护页面据此倒计时。仅系统维护通知使用"
          >
            <Input name="estimatedCompletionTime" type="datetime-local" bg="white" defaultValue={values.estimatedCompletionTime} />
          </FormField>,
        )}
      {shows('UPDATE') &&
        tinted(
          'blue.50',
          'update-fields',
          <FormField
            label="关联更新日志（版本更新）"
            error={errors.update_log_id}
            helper="用户会在弹窗中看到这篇已发布的更新日志。仅版本更新通知使用"
          >
            <OptionsSelect name="update_log_id" bg="white" defaultValue={values.update_log_id} options={logOptions} />
          </FormField>,
        )}
    </SimpleGrid>
  );
}
