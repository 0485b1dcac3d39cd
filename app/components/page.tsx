import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The standard page frame inside the dashboard: a title block and a width-limited body. */
export function Page({
  title,
  description,
  children,
  maxW = '5xl',
  actions,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  maxW?: string;
  actions?: ReactNode;
}) {
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW={maxW} w="full">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'flex-end' }} mb="6" gap="3">
        <Box>
          <Heading as="h1" size="2xl" fontWeight="semibold">
            {title}
          </Heading>
          {description && (
            <Text color="gray.600" mt="1.5">
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}
