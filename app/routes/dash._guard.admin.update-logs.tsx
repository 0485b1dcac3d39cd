import {
  Badge,
  Box,
  Button,
  EmptyState,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { UPDATE_IMPORTANCE_LABELS, UPDATE_TYPE_LABELS, UPDATE_TYPES } from '../../contracts/constants';
import type { UpdateLog } from '../../contracts/notifications';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { formatBeijingTime, toBeijingInput } from '~/components/admin/format';
import { RowActionButton, RowActionDialog, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { MarkdownBody } from '~/components/notices/notice-dialogs';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { ImportanceBadge, versionLabel } from '~/components/update-logs/update-log-badges';
import type { FieldErrors } from '~/services/forms';
import type { UpdateLogField, UpdateLogPhase, UpdateLogRow } from '~/services/admin/update-logs.server';
import { adminUpdateLogsAction, adminUpdateLogsLoader } from '~/services/admin/update-logs.server';
import { pageTitle, updateLogRoute } from '~/services/navigation';

const PAGE = '更新日志管理';
const ROUTE = '/dash/admin/update-logs';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => adminUpdateLogsLoader(args);
export const action = (args: ActionFunctionArgs) => adminUpdateLogsAction(args);

const PHASE: Record<UpdateLogPhase, { label: string; palette: string }> = {
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

export default function AdminUpdateLogs() {
  const { items, page, pageSize, total, editing, editMissing } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const removal = data?.intent === 'delete' ? data : null;
  const askedAbout = removal?.stage === 'confirm' ? items.find((l) => l.id === removal.id) : undefined;
  const asking = askedAbout ? describeDelete(askedAbout) : null;
  const listHref = (p: number) => (p > 1 ? `${ROUTE}?page=${p}` : ROUTE);

  return (
    <Page
      title={PAGE}
      description="用 Markdown 撰写版本更新说明。发布后用户可在「更新日志」页面查看；版本更新通知可以关联一篇，以弹窗展示。"
    >
      <Stack gap="6">
        {asking && (
          <ConfirmPanel
            title={asking.title}
            fields={{ intent: 'delete', id: asking.id }}
            confirmText={asking.confirmText}
            testId="update-log-confirm-panel"
          >
            {asking.body}
          </ConfirmPanel>
        )}
        <FormAlert status="success" testId="update-log-action-done">
          {removal?.stage === 'done' ? removal.message : null}
        </FormAlert>
        <FormAlert>{removal?.stage === 'failed' ? removal.error : null}</FormAlert>

        <UpdateLogForm
          key={editing ? `${editing.id}-${editing.updated_at}` : 'new'}
          editing={editing}
          editMissing={editMissing}
          data={data?.intent === 'save' || data?.intent === 'preview' ? data : null}
          cancelHref={listHref(page)}
        />

        <Box as="section" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '6' }}>
          <Heading as="h2" size="md" mb="4">
            全部更新日志
          </Heading>
          {items.length === 0 ? (
            <EmptyState.Root size="sm" data-testid="admin-update-logs-empty">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <History />
                </EmptyState.Indicator>
                <EmptyState.Title>还没有更新日志</EmptyState.Title>
                <EmptyState.Description>在上方填写版本号、标题和内容，保存为草稿或直接发布。</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="admin-update-logs" css={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>版本</Table.ColumnHeader>
                    <Table.ColumnHeader>标题</Table.ColumnHeader>
                    <Table.ColumnHeader>类型</Table.ColumnHeader>
                    <Table.ColumnHeader>重要程度</Table.ColumnHeader>
                    <Table.ColumnHeader>状态</Table.ColumnHeader>
                    <Table.ColumnHeader>发布时间</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">操作</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((log) => (
                    <Table.Row key={log.id} data-testid={`update-log-${log.id}`} bg={editing?.id === log.id ? 'blue.50' : undefined}>
                      <Table.Cell fontFamily="mono">{versionLabel(log.version)}</Table.Cell>
                      <Table.Cell maxW="64" truncate title={log.title}>
                        {log.title}
                      </Table.Cell>
                      <Table.Cell>{UPDATE_TYPE_LABELS[log.update_type]}</Table.Cell>
                      <Table.Cell>
                        <ImportanceBadge importance={log.importance} />
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={PHASE[log.phase].palette} data-testid="admin-update-log-status">
                          {PHASE[log.phase].label}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell fontVariantNumeric="tabular-nums">{formatBeijingTime(log.publish_time)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="flex-end">
                          {log.phase === 'published' && (
                            <Button asChild size="xs" variant="ghost">
                              <Link to={updateLogRoute(log.id)}>查看</Link>
                            </Button>
                          )}
                          <Button asChild size="xs" variant="ghost" colorPalette="blue">
                            <Link
                              to={`${ROUTE}?${new URLSearchParams({ ...(page > 1 && { page: String(page) }), edit: log.id })}`}
                              data-testid="edit-update-log"
                            >
                              编辑
                            </Link>
                          </Button>
                          <RowActionButton
                            action={describeDelete(log)}
                            onAsk={dialog.ask}
                            label="删除"
                            palette="red"
                            testId="delete-update-log"
                          />
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          {total > 0 && (
            <HistoryPager
              page={page}
              pageSize={pageSize}
              total={total}
              hrefFor={listHref}
              label="更新日志分页"
              testId="admin-update-logs-pager"
            />
          )}
        </Box>
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
  const formRef = useRef<HTMLFormElement>(null);
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
  useEffect(() => {
    if (saved && !editing) formRef.current?.reset();
  }, [saved, editing]);

  return (
    <Box as="section" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '6' }} data-testid="update-log-form-section">
      <HStack justify="space-between" mb="4" gap="3" flexWrap="wrap">
        <Heading as="h2" size="md">
          {editing ? `编辑 ${versionLabel(editing.version)}` : '新建更新日志'}
        </Heading>
        {editing && (
          <Button asChild size="sm" variant="outline">
            <Link to={cancelHref}>取消编辑，新建</Link>
          </Button>
        )}
      </HStack>
      <Form method="post" ref={formRef} noValidate>
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <Stack gap="4">
          <FormAlert status="warning">{editMissing ? '要编辑的更新日志不存在或已删除，可以在下方新建。' : null}</FormAlert>
          <FormAlert status="success" testId="update-log-saved">
            {saved?.message ?? null}
          </FormAlert>
          <FormAlert>{errors.form}</FormAlert>
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
              <NativeSelect.Root>
                <NativeSelect.Field name="update_type" defaultValue={values.update_type}>
                  {UPDATE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {UPDATE_TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="重要程度" error={errors.importance}>
              <NativeSelect.Root>
                <NativeSelect.Field name="importance" defaultValue={values.importance}>
                  {([1, 2, 3] as const).map((i) => (
                    <option key={i} value={String(i)}>
                      {UPDATE_IMPORTANCE_LABELS[i]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="状态" error={errors.status}>
              <NativeSelect.Root>
                <NativeSelect.Field name="status" defaultValue={values.status}>
                  <option value="DRAFT">草稿（用户看不到）</option>
                  <option value="PUBLISHED">发布</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
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
          {preview !== null && (
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
              {preview ? (
                <MarkdownBody html={preview} />
              ) : (
                <Text fontSize="sm" color="gray.500">
                  内容为空
                </Text>
              )}
            </Box>
          )}
          <FormField label="备注（选填）" error={errors.notes} helper="显示在详情页正文下方，纯文本">
            <Textarea name="notes" rows={2} maxLength={2000} defaultValue={values.notes} />
          </FormField>
          <HStack gap="3" flexWrap="wrap">
            <Button
              type="submit"
              name="intent"
              value="save"
              colorPalette="blue"
              loading={submitting === 'save'}
              loadingText="保存中…"
              data-testid="save-update-log"
            >
              {editing ? '保存修改' : '保存'}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="preview"
              variant="outline"
              loading={submitting === 'preview'}
              loadingText="渲染中…"
              data-testid="preview-update-log"
            >
              预览
            </Button>
          </HStack>
        </Stack>
      </Form>
    </Box>
  );
}
