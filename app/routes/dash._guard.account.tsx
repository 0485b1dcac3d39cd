import { Box, Button, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '~/components/ui/app-dialog';
import type { MetaFunction } from '@remix-run/node';
import { Form, useNavigation } from '@remix-run/react';
import { useRef } from 'react';
import { Page } from '~/components/page';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/page-loaders.server';
import { useShellUser } from '~/hooks/use-app-data';
import { formatPoints, maskPhone, ROLE_LABELS } from '../../contracts/constants';

const PAGE = '账户与安全';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;

export default function Account() {
  const user = useShellUser();
  const navigation = useNavigation();
  const allDevicesForm = useRef<HTMLFormElement>(null);
  const signingOut = navigation.state === 'submitting' && navigation.formAction === '/logout';
  const rows: Array<[string, string]> = [
    ['登录手机号', maskPhone(user.phone)],
    ['账户角色', ROLE_LABELS[user.role]],
    ['积分余额', formatPoints(user.total_points)],
    ['我的邀请码', user.invite_code],
    ['注册时间', new Date(user.created_at).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })],
  ];
  return (
    <Page title={PAGE} description="您的登录账号信息与登录状态。">
      <Stack gap="6" maxW="3xl">
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <DataList.Root orientation="horizontal" gap="4">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                <DataList.ItemValue data-testid={`account-${label}`}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Heading as="h2" size="md" mb="2">
            登录状态
          </Heading>
          <Text color="gray.600" fontSize="sm" mb="4">
            退出后，本浏览器中保存的草稿会被清除。若怀疑账号在其他设备上被使用，可以退出所有设备，所有设备都需要重新登录。
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline" loading={signingOut} data-testid="account-logout">
                退出登录
              </Button>
            </Form>
            <Form method="post" action="/logout" ref={allDevicesForm}>
              <input type="hidden" name="allDevices" value="1" />
              <noscript>
                <Button type="submit" colorPalette="red">
                  确认退出所有设备
                </Button>
              </noscript>
              <AppDialog
                role="alertdialog"
                title="退出所有设备？"
                trigger={
                  <Button colorPalette="red" variant="subtle" data-testid="account-logout-all">
                    退出所有设备
                  </Button>
                }
                footer={
                  <Button colorPalette="red" onClick={() => allDevicesForm.current?.requestSubmit()} data-testid="confirm-logout-all">
                    确认退出
                  </Button>
                }
              >
                <Text>包括当前设备在内，所有已登录的设备都会退出，需要重新用手机验证码登录。</Text>
              </AppDialog>
            </Form>
          </HStack>
        </Box>
      </Stack>
    </Page>
  );
}
