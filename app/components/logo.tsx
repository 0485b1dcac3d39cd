import { HStack, Image, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '~/services/navigation';

export function Logo({ size = 8, withName = true, nameClassName }: { size?: number; withName?: boolean; nameClassName?: string }) {
  return (
    <HStack gap="2">
      <Image src="/favicon.svg" alt="" w={size} h={size} flexShrink={0} />
      {withName && (
        <Text className={nameClassName} fontWeight="bold" fontSize="md" color="gray.800" whiteSpace="nowrap">
          {PRODUCT_NAME}
        </Text>
      )}
    </HStack>
  );
}
