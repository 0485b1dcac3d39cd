import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Page } from '~/components/page';
import { ProfileForm } from '~/components/profile-form';
import { useShellUser } from '~/hooks/use-app-data';
import { RouteErrorBoundary } from '~/components/route-error';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';
import { profileAction } from '~/services/pages/profile.server';

const PAGE = '设置';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;
// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const action = (args: ActionFunctionArgs) => profileAction(PAGE, args);

export default function Settings() {
  const user = useShellUser();
  return (
    <Page title={PAGE} description="管理个人资料与账户安全。">
      <Stack gap="8">
        <Box>
          <Heading as="h2" size="md" mb="3">
            个人资料
          </Heading>
          <ProfileForm user={user} />
        </Box>
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }} maxW="3xl">
          <Heading as="h2" size="md" mb="2">
            账户与安全
          </Heading>
          <Text color="gray.600" fontSize="sm" mb="4">
            查看登录手机号与账户角色，或退出所有设备上的登录。
          </Text>
          <HStack>
            <Button asChild variant="outline">
              <Link to="/dash/account">前往账户与安全</Link>
            </Button>
          </HStack>
        </Box>
      </Stack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
