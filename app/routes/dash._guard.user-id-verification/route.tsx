import { Box, Button, DataList, Flex, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useNavigation } from '@remix-run/react';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { User } from '../../../contracts/user';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useShellUser } from '~/hooks/use-app-data';
import { idVerificationAction } from '~/services/pages/account-pages.server';
import { formatDateTime } from '~/services/dates';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

const PAGE = '实名认证';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;
// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const action = (args: ActionFunctionArgs) => idVerificationAction(PAGE, args);

const card = { bg: 'white', rounded: 'xl', borderWidth: '1px', p: { base: '5', md: '8' } } as const;

/** Once verified: what is kept, masked, and when. */
function Verified({ user, justNow }: { user: User; justNow: boolean }) {
  const rows: Array<[string, string, string]> = [
    ['真实姓名', user.idRealName ?? '', 'id-real-name'],
    ['身份证号', user.idNumberMasked ?? '', 'id-number'],
    ['认证时间', user.idVerifiedAt ? formatDateTime(user.idVerifiedAt) : '—', 'id-verified-at'],
  ];
  return (
    <Box {...card} data-testid="id-verified">
      <Flex gap="3" align="flex-start" mb="6">
        <Box color="green.600" flexShrink={0} mt="0.5">
          <ShieldCheck size={28} aria-hidden />
        </Box>
        <Box>
          <Heading as="h2" size="md">
            {justNow ? '实名认证成功' : '已完成实名认证'}
          </Heading>
          <Text color="gray.600" fontSize="sm" mt="1">
            本站只保存脱敏后的姓名和身份证号，不保存完整号码。实名信息认证后不能修改。
          </Text>
        </Box>
      </Flex>
      <DataList.Root orientation="horizontal" gap="4">
        {rows.map(([label, value, testId]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="20">{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={testId} fontVariantNumeric="tabular-nums">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Box>
  );
}

type Answer = ReturnType<typeof useActionAnswer<typeof action>>;

function VerificationForm({ answer }: { answer: Answer }) {
  const navigation = useNavigation();
  const errors = answer && !answer.ok ? answer.errors : {};
  const nameInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  // The first field the answer faults gets the focus, so the correction starts where the problem is.
  useEffect(() => {
    if (!answer || answer.ok) return;
    (answer.errors.realName ? nameInput : numberInput).current?.focus();
  }, [answer]);

  return (
    <Stack gap="6">
      <Box {...card}>
        <Form method="post" noValidate>
          <Stack gap="5">
            <FormAlert testId="id-verify-error">{errors.form}</FormAlert>
            <FormField label="真实姓名" error={errors.realName} required>
              <Input
                ref={nameInput}
                name="realName"
                defaultValue={answer && !answer.ok ? answer.values.realName : ''}
                placeholder="与身份证上的姓名一致"
                autoComplete="name"
                maxLength={40}
                data-testid="id-real-name-input"
              />
            </FormField>
            <FormField label="身份证号" error={errors.idNumber} required helper="18位居民身份证号，末位X可小写">
              <Input
                ref={numberInput}
                name="idNumber"
                placeholder="请输入18位身份证号"
                autoComplete="off"
                spellCheck={false}
                maxLength={24}
                fontVariantNumeric="tabular-nums"
                data-testid="id-number-input"
              />
            </FormField>
            <Button
              type="submit"
              colorPalette="blue"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              loading={navigation.state === 'submitting'}
              loadingText="核验中…"
              data-testid="id-verify-submit"
            >
              提交认证
            </Button>
          </Stack>
        </Form>
      </Box>
      <Box {...card}>
        <Text fontWeight="semibold" mb="2">
          认证说明
        </Text>
        <List.Root gap="1.5" fontSize="sm" color="gray.600" ps="5">
          <List.Item>姓名和身份证号将提交给实名核验服务比对，仅用于本次认证。</List.Item>
          <List.Item>本站只保存脱敏后的姓名（如“张*”）和号码（如“1****************X”），不保存完整身份证号。</List.Item>
          <List.Item>每个账号每天最多核验5次，认证完成后不能修改。</List.Item>
        </List.Root>
      </Box>
    </Stack>
  );
}

export default function UserIdVerification() {
  const user = useShellUser();
  const answer = useActionAnswer<typeof action>();
  return (
    <Page title={PAGE} description="核验您的真实姓名与身份证号。" maxW="3xl">
      {user.idVerified ? <Verified user={user} justNow={answer?.ok === true} /> : <VerificationForm answer={answer} />}
    </Page>
  );
}
