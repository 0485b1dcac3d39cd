import { Box, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { formatPoints, pointsToCents } from '../../../contracts/constants';
import type { PriceTable } from '../../../contracts/points';
import { formatDate } from '~/services/dates';

/** What each tool costs: points per use, plus per 1,000 characters where that part is not zero. */
export function PriceTableSection({ table }: { table: PriceTable | null }) {
  return (
    <Box as="section" mb="8" data-testid="price-table">
      <Flex justify="space-between" align="baseline" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="md" color="gray.700">
          积分价格
        </Heading>
        <Text fontSize="xs" color="gray.500">
          {table?.updatedAt ? `更新于 ${formatDate(table.updatedAt)}，` : ''}按次计费，按字数计费的部分按输出字数计算
        </Text>
      </Flex>
      {!table ? (
        <Text fontSize="sm" color="gray.500" bg="white" rounded="xl" borderWidth="1px" p="5">
          价格表暂时无法加载，请稍后刷新。
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="px" bg="gray.200" rounded="xl" borderWidth="1px" overflow="hidden">
          {table.items.map((item) => (
            <Flex
              key={item.operation}
              bg="white"
              px="4"
              py="3"
              justify="space-between"
              align="center"
              gap="3"
              data-testid={`price-${item.operation}`}
            >
              <Text fontSize="sm">{item.label}</Text>
              <Box textAlign="end" fontVariantNumeric="tabular-nums" flexShrink={0}>
                <Text fontSize="sm" fontWeight="semibold" color="orange.700">
                  {formatPoints(item.points)} 积分/次
                </Text>
                {pointsToCents(item.pointsPer1000Chars) > 0 && (
                  <Text fontSize="xs" color="gray.500">
                    另加 {formatPoints(item.pointsPer1000Chars)} 积分/千字
                  </Text>
                )}
              </Box>
            </Flex>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
