import { Box, Button, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { History } from 'lucide-react';
import { useState } from 'react';
import { UPDATE_IMPORTANCE_LABELS, UPDATE_TYPE_LABELS, UPDATE_TYPES } from '../../../contracts/constants';
import type { UpdateLog } from '../../../contracts/notifications';
import { formatBeijingTime, toBeijingInput } from '~/components/admin/format';
import { ConsoleList } from '~/components/console/console-list';
import { consolePageHref, EditRowLink } from '~/components/console/console-section';
import { ConsoleEditForm } from '~/components/console/edit-form';
import { OptionsSelect } from '~/components/console/options-select';
import { StatusBadge, type StatusStyle } from '~/components/console/status-badge';
import { actionsColumn, type Column } from '~/components/list-page/data-table';
import { RowActionButton, RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { MarkdownBody } from '~/components/notices/notice-dialogs';
import { Page } from '~/components/page';
import { FormField } from '~/components/ui/form-field';
import { ImportanceBadge, versionLabel } from '~/components/update-logs/update-log-badges';
import type { FieldErrors } from '~/services/forms';
import type { UpdateLogField, UpdateLogPhase, UpdateLogRow } from './update-logs.server';
import { adminUpdateLogsAction, adminUpdateLogsLoader } from './update-logs.server';
import { pageTitle, updateLogRoute } from '~/services/navigation';

const PAGE = '更新日志管理';
const ROUTE = '/dash/admin/update-logs';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => adminUpdateLogsLoader(args);
export const action = (args: ActionFunctionArgs) => adminUpdateLogsAction(args);

const PHASE: Record<UpdateLogPhase, StatusStyle> = {
  draft: { label: '草稿', palette: 'gray' },
  scheduled: { label: '定时发布', palette: 'blue' },
  published: { label: '已发布', palette: 'green' },
};

const describeDelete = (log: UpdateLogRow): PendingRowAction => ({
  intent: 'delete',
  id: log.id,
  title: '删除这条更新日志？',
  confirmText: '确认删除',
  body: `${versionLabel(log.version)}「${log.title}」删除后用户将看不到它，关联它的版本更新通知也不再弹出它。删除后不能恢复。`,
});

const STATUS_OPTIONS = [
  ['DRAFT', '草稿（用户看不到）'],
  ['PUBLISHED', '发布'],
] as const;

function initialValues(editing: UpdateLog | null): Record<UpdateLogField, string> {
  return {
    version: editing?.version ?? '',
    title: editing?.title ?? '',
    content: editing?.content ?? '',
    update_type: editing?.update_type ?? 'FEATURE',
    importance: String(editing?.importance ?? 1),
    affected_modules: editing?.affected_modules.join('，') ?? '',
    notes: editing?.notes ?? '',
    // Kept as it was: a published log saved without a time would be dated now.
    publish_time: toBeijingInput(editing?.publish_time),
    status: editing?.status ?? 'DRAFT',
  };
}

function columns(page: number, onAsk: (a: PendingRowAction) => void): Column<UpdateLogRow>[] {
  return [
    { key: 'version', header: '版本', cellProps: { fontFamily: 'mono' }, cell: (log) => versionLabel(log.version) },
    {
      key: 'title',
      header: '标题',
      cellProps: { maxW: '64', truncate: true },
      cellPropsOf: (log) => ({ title: log.title }),
      cell: (log) => log.title,
    },
    { key: 'type', header: '类型', cell: (log) => UPDATE_TYPE_LABELS[log.update_type] },
    { key: 'importance', header: '重要程度', cell: (log) => <ImportanceBadge importance={log.importance} /> },
    { key: 'status', header: '状态', cell: (log) => <StatusBadge status={log.phase} styles={PHASE} testId="admin-update-log-status" /> },
    {
      key: 'published',
      header: '发布时间',
      cellProps: { fontVariantNumeric: 'tabular-nums' },
      cell: (log) => formatBeijingTime(log.publish_time),
    },
    actionsColumn((log) => (
      <>
        {log.phase === 'published' && (
          <Button asChild size="xs" variant="ghost">
            <Link to={updateLogRoute(log.id)}>查看</Link>
          </Button>
        )}
        <EditRowLink route={ROUTE} page={page} id={log.id} testId="edit-update-log" />
        <RowActionButton action={describeDelete(log)} onAsk={onAsk} label="删除" palette="red" testId="delete-update-log" />
      </>
    )),
  ];
}

export default function AdminUpdateLogs() {
  const { items, page, pageSize, total, editing, editMissing } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const removal = data?.intent === 'delete' ? data : null;
  const listHref = consolePageHref(ROUTE);

  return (
    <Page
      title={PAGE}
      description="用 Markdown 撰写版本更新说明。发布后用户可在「更新日志」页面查看；版本更新通知可以关联一篇，以弹窗展示。"
    >
      <Stack gap="6">
        <RowActionNotices
          answer={removal}
          items={items}
          describe={describeDelete}
          panelTestId="update-log-confirm-panel"
          doneTestId="update-log-action-done"
        />

        <UpdateLogForm
          key={editing ? `${editing.id}-${editing.updated_at}` : 'new'}
          editing={editing}
          editMissing={editMissing}
          data={data?.intent === 'save' || data?.intent === 'preview' ? data : null}
          cancelHref={listHref(page)}
        />

        <ConsoleList
          title="全部更新日志"
          empty={{
            testId: 'admin-update-logs-empty',
            icon: <History />,
            title: '还没有更新日志',
            description: '在上方填写版本号、标题和内容，保存为草稿或直接发布。',
          }}
          columns={columns(page, dialog.ask)}
          rows={items}
          rowKey={(log) => log.id}
          rowProps={(log) => ({ 'data-testid': `update-log-${log.id}`, bg: editing?.id === log.id ? 'blue.50' : undefined })}
          testId="admin-update-logs"
          pager={{ page, pageSize, total, hrefFor: listHref, label: '更新日志分页', testId: 'admin-update-logs-pager' }}
        />
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}

type UpdateLogFormData =
  | { intent: 'save'; ok: true; id: string; message: string }
  | { intent: 'save'; ok: false; errors: FieldErrors<UpdateLogField>; values: Record<UpdateLogField, string> }
  | { intent: 'preview'; html: string; values: Record<UpdateLogField, string> };

/**
 * Create or edit. 预览 posts the form to the server, which renders and sanitises the markdown (the
 * browser renders none) and sends the values back, so it works without JavaScript too.
 */
function UpdateLogForm({
  editing,
  editMissing,
  data,
  cancelHref,
}: {
  editing: UpdateLog | null;
  editMissing: boolean;
  data: UpdateLogFormData | null;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const failed = data?.intent === 'save' && !data.ok ? data : null;
  const errors: FieldErrors<UpdateLogField> = failed?.errors ?? {};
  const values = failed?.values ?? (data?.intent === 'preview' ? data.values : initialValues(editing));
  const saved = data?.intent === 'save' && data.ok ? data : null;
  // The preview stays until the next preview or save (an edited text is not re-rendered on its own).
  const [preview, setPreview] = useState<string | null>(data?.intent === 'preview' ? data.html : null);
  const [answered, setAnswered] = useState(data);
  if (answered !== data) {
    setAnswered(data);
    setPreview(data?.intent === 'preview' ? data.html : saved ? null : preview);
  }

  return (
    <ConsoleEditForm
      title={editing ? `编辑 ${versionLabel(editing.version)}` : '新建更新日志'}
      testId="update-log-form-section"
      editingId={editing?.id ?? null}
      cancelHref={cancelHref}
      cancelLabel="取消编辑，新建"
      missingText={editMissing ? '要编辑的更新日志不存在或已删除，可以在下方新建。' : null}
      saved={saved}
      savedTestId="update-log-saved"
      formError={errors.form}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="版本号" error={errors.version} required helper="例如 1.4.0">
          <Input name="version" maxLength={30} defaultValue={values.version} fontFamily="mono" />
        </FormField>
        <Box gridColumn={{ md: 'span 2' }}>
          <FormField label="标题" error={errors.title} required>
            <Input name="title" maxLength={100} defaultValue={values.title} />
          </FormField>
        </Box>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="更新类型" error={errors.update_type} required>
          <OptionsSelect
            name="update_type"
            defaultValue={values.update_type}
            options={UPDATE_TYPES.map((t) => [t, UPDATE_TYPE_LABELS[t]])}
          />
        </FormField>
        <FormField label="重要程度" error={errors.importance}>
          <OptionsSelect
            name="importance"
            defaultValue={values.importance}
            options={([1, 2, 3] as const).map((i) => [String(i), UPDATE_IMPORTANCE_LABELS[i]])}
          />
        </FormField>
        <FormField label="状态" error={errors.status}>
          <OptionsSelect name="status" defaultValue={values.status} options={STATUS_OPTIONS} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="发布时间（选填）" error={errors.publish_time} helper="北京时间；发布且不填则为保存时。晚于现在则到时才展示">
          <Input name="publish_time" type="datetime-local" defaultValue={values.publish_time} />
        </FormField>
        <Box gridColumn={{ md: 'span 2' }}>
          <FormField label="影响模块（选填）" error={errors.affected_modules} helper="用逗号分隔，例如：文书润色，查AI率；最多20个">
            <Input name="affected_modules" defaultValue={values.affected_modules} />
          </FormField>
        </Box>
      </SimpleGrid>
      <FormField
        label="更新内容（Markdown）"
        error={errors.content}
        required
        helper="支持标题、列表、加粗、链接、代码和表格。不支持 HTML；外部图片会显示为链接。点击「预览」查看效果"
      >
        <Textarea name="content" rows={12} maxLength={20000} defaultValue={values.content} fontFamily="mono" fontSize="sm" />
      </FormField>
      {preview !== null && <MarkdownPreview html={preview} />}
      <FormField label="备注（选填）" error={errors.notes} helper="显示在详情页正文下方，纯文本">
        <Textarea name="notes" rows={2} maxLength={2000} defaultValue={values.notes} />
      </FormField>
      <HStack gap="3" flexWrap="wrap">
        {(
          [
            { intent: 'save', label: editing ? '保存修改' : '保存', busy: '保存中…', variant: 'solid', testId: 'save-update-log' },
            { intent: 'preview', label: '预览', busy: '渲染中…', variant: 'outline', testId: 'preview-update-log' },
          ] as const
        ).map((b) => (
          <Button
            key={b.intent}
            type="submit"
            name="intent"
            value={b.intent}
            variant={b.variant}
            colorPalette={b.variant === 'solid' ? 'blue' : undefined}
            loading={submitting === b.intent}
            loadingText={b.busy}
            data-testid={b.testId}
          >
            {b.label}
          </Button>
        ))}
      </HStack>
    </ConsoleEditForm>
  );
}

/** What the server rendered of the markdown, as users will see it. */
function MarkdownPreview({ html }: { html: string }) {
  return (
    <Box
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="blue.300"
      rounded="md"
      p={{ base: '4', md: '5' }}
      data-testid="update-log-preview"
    >
      <Text fontSize="xs" color="blue.700" fontWeight="semibold" mb="3">
        预览（用户看到的效果）
      </Text>
      {html ? (
        <MarkdownBody html={html} />
      ) : (
        <Text fontSize="sm" color="gray.500">
          内容为空
        </Text>
      )}
    </Box>
  );
}
