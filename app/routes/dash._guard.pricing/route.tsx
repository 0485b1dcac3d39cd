import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatPoints } from '../../../contracts/constants';
import { formatYuan } from '../../../contracts/payment-constants';
import { Page } from '~/components/page';
import { PriceTableSection } from '~/components/points/price-table';
import { FormAlert } from '~/components/ui/form-alert';
import { pageTitle } from '~/services/navigation';
import { PAYMENT_ROUTES } from '~/services/payments';
import { pricingLoader } from '~/services/pages/payments-pages.server';

const PAGE = '积分价格与充值';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => pricingLoader(PAGE, args);

/** Spec §2 pricing (PricingStandard): the packages on sale and what each tool costs. */
export default function Pricing() {
  const { packages, table, error } = useLoaderData<typeof loader>();
  return (
    <Page
      title={PAGE}
      description="购买积分套餐，付款后积分立即到账，按实际使用扣除。"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={PAYMENT_ROUTES.orders}>我的订单</Link>
        </Button>
      }
    >
      <Stack gap="8">
        <Box as="section">
          <Heading as="h2" size="md" color="gray.700" mb="3">
            充值套餐
          </Heading>
          <FormAlert testId="packages-error">{error}</FormAlert>
          {packages && packages.length === 0 && (
            <Text color="gray.500" bg="white" rounded="xl" borderWidth="1px" p="5">
              暂无可购买的套餐，请稍后再来。
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            {packages?.map((pkg) => (
              <Flex key={pkg.id} direction="column" bg="white" rounded="xl" borderWidth="1px" p="5" gap="3" data-testid="package-card">
                <Flex justify="space-between" align="center" gap="2">
                  <Text fontWeight="semibold" fontSize="lg">
                    {pkg.name}
                  </Text>
                  {pkg.bonusPoints > 0 && (
                    <Badge colorPalette="orange" variant="subtle">
                      赠{formatPoints(pkg.bonusPoints)}
                    </Badge>
                  )}
                </Flex>
                <Box>
                  <Text as="span" fontSize="3xl" fontWeight="bold" color="orange.600" fontVariantNumeric="tabular-nums">
                    {formatPoints(pkg.totalPoints)}
                  </Text>
                  <Text as="span" color="gray.600" ms="1">
                    积分
                  </Text>
                </Box>
                {pkg.description && (
                  <Text fontSize="sm" color="gray.600" flex="1">
                    {pkg.description}
                  </Text>
                )}
                <Flex align="center" justify="space-between" gap="3" mt="auto">
                  <Text fontSize="xl" fontWeight="semibold" data-testid="package-price">
                    {formatYuan(pkg.price)}
                  </Text>
                  <Button asChild colorPalette="blue" size="sm">
                    <Link to={`${PAYMENT_ROUTES.recharge}?packageId=${pkg.id}`} data-testid="package-buy">
                      立即购买
                    </Link>
                  </Button>
                </Flex>
              </Flex>
            ))}
          </SimpleGrid>
        </Box>
        <PriceTableSection table={table} />
      </Stack>
    </Page>
  );
}
