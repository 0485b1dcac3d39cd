import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Wrench } from 'lucide-react';
import { pageTitle } from '~/services/navigation';

export const meta: MetaFunction = () => [{ title: pageTitle('系统维护') }];

export default function Maintenance() {
  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" px="6" bg="gray.50">
      <Stack maxW="lg" gap="4" align="center" textAlign="center" bg="white" p={{ base: '8', md: '12' }} rounded="2xl" borderWidth="1px">
        <Box color="blue.600">
          <Wrench size={40} />
        </Box>
        <Heading as="h1" size="xl">
          系统维护中
        </Heading>
        <Text color="gray.600" lineHeight="1.8">
          为了提供更稳定的服务，我们正在进行系统维护。维护期间暂时无法使用写作和检测功能，您的草稿保存在浏览器中，不会丢失。
        </Text>
        <Button asChild colorPalette="blue">
          <Link to="/dash/overview">重新进入工作台</Link>
        </Button>
      </Stack>
    </Box>
  );
}
