import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { Building2 } from 'lucide-react';
import { ORG_ROLE_LABELS, ORG_ROLES } from '../../../contracts/org-constants';
import type { OrgMember } from '../../../contracts/orgs';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { RowActionButton, RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { pageTitle } from '~/services/navigation';
import { orgAction, orgLoader } from '~/services/pages/org-pages.server';

const PAGE = '机构与成员';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => orgLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => orgAction(PAGE, args);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type MemberRow = OrgMember & { id: string };

const card = { bg: 'white', rounded: 'xl', borderWidth: '1px', p: { base: '4', md: '6' } } as const;

const askRemove = (m: MemberRow): PendingRowAction => ({
  intent: 'remove',
  id: m.id,
  title: '移除成员',
  body: `确定将「${m.name ?? m.phone}」移出机构吗？TA 将立即无法访问机构的学生和文书，TA 创建的内容仍归机构所有。`,
  confirmText: '移除',
});
const askLeave = (m: MemberRow): PendingRowAction => ({
  intent: 'leave',
  id: m.id,
  title: '退出机构',
  body: '确定退出该机构吗？退出后将回到个人空间，无法再访问机构的学生和文书。',
  confirmText: '退出机构',
});

type Answer = ReturnType<typeof useActionAnswer<typeof action>>;
/** The last post's answer when it was that form's. */
const createAnswer = (a: Answer) => (a && 'intent' in a && a.intent === 'create' ? a : null);
const inviteAnswer = (a: Answer) => (a && 'intent' in a && a.intent === 'invite' ? a : null);
const simpleAnswer = (a: Answer) => (a && 'intent' in a && a.intent === 'simple' ? a : null);

export default function OrgPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(answer);
  const members: MemberRow[] = data.members.map((m) => ({ ...m, id: m.userId }));
  const row = answer && 'stage' in answer ? answer : null;
  const simple = simpleAnswer(answer);
  const describe = (m: MemberRow) => (m.userId === data.userId ? askLeave(m) : askRemove(m));

  return (
    <Page title={PAGE} description="与同事共享学生档案和文书：邀请顾问和审阅，切换工作空间。" maxW="4xl">
      <Stack gap="5">
        <FormAlert status={simple?.ok ? 'success' : 'error'} testId="org-answer">
          {simple ? simple.message : null}
        </FormAlert>
        <RowActionNotices answer={row} items={members} describe={describe} panelTestId="org-confirm-panel" doneTestId="org-action-done" />
        <Invitations invitations={data.invitations} />
        <Spaces data={data} />
        {data.active && <Members data={data} members={members} onAsk={dialog.ask} describe={describe} invite={inviteAnswer(answer)} />}
        <CreateOrg answer={createAnswer(answer)} />
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} testId="org-dialog" confirmTestId="org-dialog-confirm" />
    </Page>
  );
}

function Invitations({ invitations }: { invitations: Data['invitations'] }) {
  if (invitations.length === 0) return null;
  return (
    <Box {...card} borderColor="blue.200" bg="blue.50" data-testid="org-invitations">
      <Heading size="sm" mb="3">
        收到的邀请
      </Heading>
      <Stack gap="3">
        {invitations.map((i) => (
          <HStack key={i.id} justify="space-between" gap="3" flexWrap="wrap" data-testid="org-invitation">
            <Text>
              {i.invitedBy ? `${i.invitedBy} 邀请你` : '你被邀请'}以「{ORG_ROLE_LABELS[i.role]}」身份加入 <b>{i.orgName}</b>
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="invitationId" value={i.id} />
              <Button type="submit" size="sm" colorPalette="blue" data-testid="org-accept">
                接受并切换
              </Button>
            </Form>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/** The personal space and each organisation, the one in use marked; a click switches. */
function Spaces({ data }: { data: Data }) {
  const spaces = [{ id: '', name: '个人空间', role: null as null | keyof typeof ORG_ROLE_LABELS, memberCount: 1 }, ...data.orgs];
  return (
    <Box {...card} data-testid="org-spaces">
      <Heading size="sm" mb="3">
        工作空间
      </Heading>
      <Stack gap="2">
        {spaces.map((s) => {
          const current = (data.active?.id ?? '') === s.id;
          return (
            <HStack key={s.id || 'personal'} justify="space-between" gap="3" py="1" data-testid="org-space">
              <HStack gap="2" minW="0">
                <Building2 size={16} />
                <Text truncate fontWeight={current ? 'semibold' : 'normal'}>
                  {s.name}
                </Text>
                {s.role && (
                  <Badge colorPalette="gray" flexShrink={0}>
                    {ORG_ROLE_LABELS[s.role]}
                  </Badge>
                )}
                {s.id && (
                  <Text color="gray.500" fontSize="sm" flexShrink={0} whiteSpace="nowrap" display={{ base: 'none', sm: 'block' }}>
                    {`${s.memberCount} 人`}
                  </Text>
                )}
              </HStack>
              {current ? (
                <Badge colorPalette="blue">当前</Badge>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="switch" />
                  <input type="hidden" name="orgId" value={s.id} />
                  <Button type="submit" size="xs" variant="outline" data-testid="org-switch">
                    切换
                  </Button>
                </Form>
              )}
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}

function Members({
  data,
  members,
  onAsk,
  describe,
  invite,
}: {
  data: Data;
  members: MemberRow[];
  onAsk: (a: PendingRowAction) => void;
  describe: (m: MemberRow) => PendingRowAction;
  invite: ReturnType<typeof inviteAnswer>;
}) {
  const owner = data.active?.role === 'owner';
  return (
    <Box {...card} data-testid="org-members">
      <Heading size="sm" mb="3">
        {data.active?.name} · 成员
      </Heading>
      <Stack gap="0" borderTopWidth="1px">
        {members.map((m) => (
          <HStack key={m.id} gap="3" py="3" borderBottomWidth="1px" flexWrap="wrap" data-testid="org-member">
            <Box flex="1" minW="32">
              <Text truncate>{m.name ?? '未命名用户'}</Text>
              <Text color="gray.500" fontSize="xs">
                {m.phone}
              </Text>
            </Box>
            {owner && m.userId !== data.userId ? <RoleForm member={m} /> : <Badge>{ORG_ROLE_LABELS[m.role]}</Badge>}
            {(owner || m.userId === data.userId) && (
              <RowActionButton
                action={describe(m)}
                onAsk={onAsk}
                label={m.userId === data.userId ? '退出' : '移除'}
                palette="red"
                testId={m.userId === data.userId ? 'org-leave' : 'org-remove'}
              />
            )}
          </HStack>
        ))}
      </Stack>
      {owner && <InviteForm failure={invite && !invite.ok ? invite : null} sent={!!invite?.ok} pending={data.pending} />}
    </Box>
  );
}

/** The four roles as a plain select named `role` (a form field: it works without JavaScript). */
function RoleSelect({
  defaultValue,
  testId,
  label,
  size,
  width,
}: {
  defaultValue: string;
  testId: string;
  label?: string;
  size?: 'xs';
  width?: string;
}) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field name="role" defaultValue={defaultValue} aria-label={label} data-testid={testId}>
        {ORG_ROLES.map((r) => (
          <option key={r} value={r}>
            {ORG_ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function RoleForm({ member }: { member: MemberRow }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.id} />
      <HStack gap="2">
        <RoleSelect size="xs" width="24" defaultValue={member.role} label={`${member.name ?? member.phone}的角色`} testId="org-role" />
        <Button type="submit" size="xs" variant="outline" data-testid="org-role-save">
          保存
        </Button>
      </HStack>
    </Form>
  );
}

function InviteForm({
  failure,
  sent,
  pending,
}: {
  failure: { errors: Partial<Record<'phone' | 'role' | 'form', string>>; values: Record<'phone' | 'role', string> } | null;
  sent: boolean;
  pending: Data['pending'];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite';
  return (
    <Stack gap="3" mt="5" pt="5" borderTopWidth="1px">
      <Heading size="xs">邀请成员</Heading>
      <Form method="post" noValidate key={sent ? 'sent' : 'form'}>
        <input type="hidden" name="intent" value="invite" />
        <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
          <FormField label="手机号" error={failure?.errors?.phone} required>
            <Input
              name="phone"
              inputMode="tel"
              defaultValue={failure?.values?.phone ?? ''}
              placeholder="被邀请人的手机号"
              data-testid="org-invite-phone"
            />
          </FormField>
          <FormField label="角色" error={failure?.errors?.role}>
            <RoleSelect defaultValue={failure?.values?.role || 'consultant'} testId="org-invite-role" />
          </FormField>
          <Button type="submit" colorPalette="blue" flexShrink={0} loading={busy} data-testid="org-invite-submit">
            发送邀请
          </Button>
        </Stack>
        <FormAlert testId="org-invite-error">{failure?.errors?.form}</FormAlert>
        <FormAlert status="success" testId="org-invite-sent">
          {sent ? '邀请已发送：对方用该手机号登录后即可在本页接受' : null}
        </FormAlert>
      </Form>
      {pending.length > 0 && (
        <Stack gap="1" data-testid="org-pending">
          <Text fontSize="sm" color="gray.600">
            待接受的邀请
          </Text>
          {pending.map((p) => (
            <Text key={p.id} fontSize="sm">
              {p.phone} · {ORG_ROLE_LABELS[p.role]}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CreateOrg({ answer }: { answer: ReturnType<typeof createAnswer> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const errors = answer && !answer.ok ? answer.errors : {};
  return (
    <Box {...card}>
      <Form method="post" noValidate key={answer?.ok ? 'created' : 'form'}>
        <input type="hidden" name="intent" value="create" />
        <Stack gap="2">
          <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
            <FormField label="创建机构" error={errors?.name ?? errors?.form}>
              <Input name="name" maxLength={50} placeholder="机构名称，例如：某某留学工作室" data-testid="org-create-name" />
            </FormField>
            <Button type="submit" flexShrink={0} loading={busy} data-testid="org-create-submit">
              创建
            </Button>
          </Stack>
          <Text fontSize="xs" color="gray.500">
            创建后你是机构的所有者，可以邀请同事加入。
          </Text>
        </Stack>
      </Form>
    </Box>
  );
}
