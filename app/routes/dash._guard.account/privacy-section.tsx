import { Alert, Box, Button, Checkbox, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useState } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { FormAlert } from '~/components/ui/form-alert';
import { resourceDownload } from '~/services/browser/resource-fetch.client';
import { ApiRequestError } from '~/services/errors';
import type { DeletionAnswer } from '~/services/pages/account-pages.server';
import type { AccountDeletionState } from '../../../contracts/user';
import { formatPoints } from '../../../contracts/constants';

const EXPORT_PATH = 'user/data-export';
const beijingDate = (iso: string) =>
  new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * 下载我的数据: the zip is prepared on the server (Word files are laid out, which takes a moment),
 * so with JavaScript the button is busy until the file arrives and a refusal (3 an hour) shows
 * here; without JavaScript it is a plain download link.
 */
function DataDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await resourceDownload(EXPORT_PATH, '我的数据.zip');
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : '导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3">
      <Text color="gray.600" fontSize="sm">
        下载账户中的全部数据：账户资料、学生档案（含上传简历的文字）、作品及每个历史版本（JSON 和 Word 文件）、AI
        生成记录、选校结果、积分明细、充值订单、页面访问统计和公告阅读记录，打包为一个 zip 文件。每小时最多导出 3 次。
      </Text>
      <HStack>
        <Button
          asChild
          colorPalette="blue"
          variant="outline"
          loading={busy}
          loadingText="正在准备数据…"
          aria-disabled={busy}
          data-testid="data-export"
        >
          <a
            href={`/resources/api/${EXPORT_PATH}`}
            download
            onClick={(event) => {
              event.preventDefault();
              if (!busy) void download();
            }}
          >
            下载我的数据
          </a>
        </Button>
      </HStack>
      <FormAlert testId="data-export-error">{error}</FormAlert>
    </Stack>
  );
}

/** What the confirmation says: deleted, kept and for how long, the balance, the grace period. */
function DeletionTerms({ graceDays, points }: { graceDays: number; points: number }) {
  return (
    <Stack gap="3" fontSize="sm">
      <Text>
        提交后，账户将在 <b>{graceDays} 天</b>后注销。在此期间您可以照常登录使用，并随时在本页撤销。到期后：
      </Text>
      <List.Root ps="5" gap="1">
        <List.Item>
          <b>删除</b>：学生档案与上传的简历、作品及全部历史版本、AI
          生成与检测记录、选校结果与案例库、反馈、操作日志，以及登录会话和手机号、微信、实名认证的绑定。
        </List.Item>
        <List.Item>
          <b>保留</b>：充值订单和积分明细，依照会计与电子商务相关法律保存 3 年，其中不再含有您的手机号、昵称等身份信息。
        </List.Item>
        <List.Item>
          <b>积分作废</b>：当前余额 {formatPoints(points)} 积分将全部作废，不予退还。
        </List.Item>
      </List.Root>
      <Text color="gray.600">注销后数据无法恢复。如需保留，请先点击“下载我的数据”。同一手机号之后可以重新注册，但将是一个全新的账户。</Text>
    </Stack>
  );
}

/** 注销账户 (ADR 0055): the dialog with its checkbox, or the scheduled date with 撤销注销. */
function AccountDeletion({ state, points, answer }: { state: AccountDeletionState; points: number; answer: DeletionAnswer | null }) {
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const message = answer && !answer.needsConfirm ? answer : null;
  if (state.pending && state.scheduledFor) {
    return (
      <Stack gap="3" data-testid="account-deletion">
        <Alert.Root status="warning" data-testid="account-deletion-pending">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>账户将于 {beijingDate(state.scheduledFor)} 注销</Alert.Title>
            <Alert.Description>在此之前您可以照常使用；撤销后账户和数据保持不变。</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {/* The warning above already says the date: only a refusal shows here. */}
        <FormAlert testId="account-deletion-answer">{message && !message.ok ? message.message : null}</FormAlert>
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="deletion-cancel"
            colorPalette="blue"
            loading={busy === 'deletion-cancel'}
            data-testid="deletion-cancel"
          >
            撤销注销
          </Button>
        </Form>
      </Stack>
    );
  }
  return (
    <Stack gap="3" data-testid="account-deletion">
      <Text color="gray.600" fontSize="sm">
        注销后，您的档案、作品等数据将被删除，剩余积分作废。提交申请后有 {state.graceDays} 天的考虑期，期间可以撤销。
      </Text>
      <FormAlert status={message?.ok ? 'success' : 'error'} testId="account-deletion-answer">
        {message?.message}
      </FormAlert>
      {answer?.needsConfirm ? (
        <ConfirmPanel title="确认注销账户？" fields={{ intent: 'deletion-request' }} confirmText="确认注销" testId="deletion-confirm-panel">
          <DeletionTerms graceDays={state.graceDays} points={points} />
        </ConfirmPanel>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="deletion-request" />
          <noscript>
            <Button type="submit" colorPalette="red" variant="outline">
              注销账户
            </Button>
          </noscript>
          <AppDialog
            role="alertdialog"
            title="注销账户？"
            open={open}
            onOpenChange={(e) => {
              setOpen(e.open);
              if (!e.open) setAgreed(false);
            }}
            testId="deletion-dialog"
            trigger={
              <Button colorPalette="red" variant="outline" data-testid="deletion-open">
                注销账户
              </Button>
            }
            footer={
              <Button
                colorPalette="red"
                disabled={!agreed}
                loading={busy === 'deletion-request'}
                onClick={() => {
                  submit({ intent: 'deletion-request', confirm: 'yes' }, { method: 'post' });
                  setOpen(false);
                }}
                data-testid="deletion-confirm"
              >
                确认注销
              </Button>
            }
          >
            <Stack gap="4">
              <DeletionTerms graceDays={state.graceDays} points={points} />
              <Checkbox.Root checked={agreed} onCheckedChange={(e) => setAgreed(e.checked === true)} data-testid="deletion-agree">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>我已了解以上内容，确认注销账户</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          </AppDialog>
        </Form>
      )}
    </Stack>
  );
}

/** 个人信息与账户 on /dash/account (issue 27): a copy of everything, and deleting the account. */
export function PrivacySection({ state, points, answer }: { state: AccountDeletionState; points: number; answer: DeletionAnswer | null }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }} id="personal-information" data-testid="personal-information">
      <Heading as="h2" size="md" mb="4">
        个人信息与账户
      </Heading>
      <Stack gap="6">
        <DataDownload />
        <Box borderTopWidth="1px" pt="5">
          <Heading as="h3" size="sm" mb="2">
            注销账户
          </Heading>
          <AccountDeletion state={state} points={points} answer={answer} />
        </Box>
      </Stack>
    </Box>
  );
}
