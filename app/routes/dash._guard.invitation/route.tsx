import { Box, Button, Clipboard, Flex, Heading, Image, Input, InputGroup, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Check, Copy, Users } from 'lucide-react';
import { formatPoints } from '../../../contracts/constants';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { ListEmptyState } from '~/components/list-page/list-empty';
import { Page } from '~/components/page';
import { formatDate } from '~/services/dates';
import { pageTitle } from '~/services/navigation';
import { signedPoints } from '~/services/points';
import { invitationLoader } from '~/services/pages/points-pages.server';

const PAGE = '邀请好友';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => invitationLoader(PAGE, args);

/** A read-only value with a copy button (the button needs JavaScript; the text can always be selected). */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Clipboard.Root value={value} timeout={2000}>
      <Clipboard.Label fontSize="sm" fontWeight="medium" mb="1.5" display="block">
        {label}
      </Clipboard.Label>
      <InputGroup
        endElementProps={{ pe: '1' }}
        endElement={
          <Clipboard.Trigger asChild>
            <Button size="xs" variant="subtle" colorPalette="blue" data-testid={`${testId}-copy`}>
              <Clipboard.Indicator copied={<Check size={14} />}>
                <Copy size={14} />
              </Clipboard.Indicator>
              <Clipboard.Context>{({ copied }) => (copied ? '已复制' : '复制')}</Clipboard.Context>
            </Button>
          </Clipboard.Trigger>
        }
      >
        <Clipboard.Input asChild>
          <Input readOnly pe="20" fontFamily="mono" fontSize="sm" bg="gray.50" data-testid={testId} />
        </Clipboard.Input>
      </InputGroup>
    </Clipboard.Root>
  );
}

type Invited = ReturnType<typeof useLoaderData<typeof loader>>['invitations']['invited'][number];

const INVITED_COLUMNS: Column<Invited>[] = [
  { key: 'phone', header: '好友手机号', cellProps: { fontVariantNumeric: 'tabular-nums' }, cell: (f) => f.phone },
  {
    key: 'date',
    header: '注册日期',
    cellProps: { color: 'gray.600', fontVariantNumeric: 'tabular-nums' },
    cell: (f) => formatDate(f.createdAt),
  },
  {
    key: 'points',
    header: '我获得的积分',
    headerProps: { textAlign: 'end' },
    cellProps: { textAlign: 'end', color: 'green.600', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
    cell: (f) => signedPoints(f.rewardPoints),
  },
];

export default function Invitation() {
  const { invitations, link, qrCode } = useLoaderData<typeof loader>();
  const { inviteCode, invited, totalRewardPoints, inviterRewardPoints, inviteeRewardPoints } = invitations;
  return (
    <Page title={PAGE} description="把邀请链接或二维码发给好友，好友用手机号注册后双方都能获得积分。">
      <Stack gap="6">
        <Flex direction={{ base: 'column', md: 'row' }} gap="6" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Stack gap="5" flex="1" minW="0">
            <Box>
              <Text fontSize="sm" color="gray.600">
                我的邀请码
              </Text>
              <Text fontSize="3xl" fontWeight="bold" fontFamily="mono" letterSpacing="widest" data-testid="invite-code">
                {inviteCode}
              </Text>
            </Box>
            <CopyField label="邀请链接" value={link} testId="invite-link" />
            <Box bg="orange.50" color="orange.800" rounded="md" px="4" py="3" fontSize="sm" data-testid="invite-rule">
              邀请好友注册，你获得{formatPoints(inviterRewardPoints)}积分，好友获得{formatPoints(inviteeRewardPoints)}积分
            </Box>
          </Stack>
          <Stack align="center" gap="2" flexShrink={0}>
            <Image src={qrCode} alt="邀请链接二维码" w="44" h="44" borderWidth="1px" rounded="md" data-testid="invite-qr" />
            <Text fontSize="xs" color="gray.500">
              微信或手机相机扫码注册
            </Text>
          </Stack>
        </Flex>

        <SimpleGrid columns={2} gap="4">
          <Stat.Root bg="white" rounded="xl" borderWidth="1px" p="5">
            <Stat.Label>已邀请</Stat.Label>
            <Stat.ValueText alignItems="baseline" data-testid="invite-count">
              {invited.length}
              <Text as="span" fontSize="sm" fontWeight="normal" color="gray.500">
                人
              </Text>
            </Stat.ValueText>
          </Stat.Root>
          <Stat.Root bg="white" rounded="xl" borderWidth="1px" p="5">
            <Stat.Label>累计获得</Stat.Label>
            <Stat.ValueText alignItems="baseline" color="green.600" fontVariantNumeric="tabular-nums" data-testid="invite-total">
              {formatPoints(totalRewardPoints)}
              <Text as="span" fontSize="sm" fontWeight="normal" color="gray.500">
                积分
              </Text>
            </Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>

        <Box as="section">
          <Heading as="h2" size="md" mb="3" color="gray.700">
            邀请记录
          </Heading>
          {invited.length === 0 ? (
            <ListEmptyState
              framed
              testId="invite-empty"
              icon={<Users />}
              title="还没有好友通过你的邀请注册"
              description="复制上面的链接发给好友，注册成功后会显示在这里。"
            />
          ) : (
            <DataTable
              columns={INVITED_COLUMNS}
              rows={invited}
              rowKey={(friend, i) => `${friend.phone}-${i}`}
              testId="invite-list"
              scrollProps={{ borderWidth: '1px', rounded: 'xl', bg: 'white' }}
            />
          )}
        </Box>
      </Stack>
    </Page>
  );
}
