import { Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Form, Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The confirmation step when the page runs without JavaScript (no dialog can open): the action
 * answers the first press with this question on the page, and its form sends the same fields again
 * with confirm=yes. With JavaScript the dialog asks instead and this never shows.
 */
export function ConfirmPanel({
  title,
  children,
  fields,
  confirmText,
  testId,
}: {
  title: string;
  children: ReactNode;
  fields: Record<string, string>;
  confirmText: string;
  testId?: string;
}) {
  const { pathname, search } = useLocation();
  return (
    <Box
      role="alertdialog"
      aria-label={title}
      bg="orange.50"
      borderColor="orange.300"
      borderWidth="1px"
      rounded="xl"
      p="5"
      data-testid={testId}
    >
      <Stack gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Box fontSize="sm" color="gray.700">
          {children}
        </Box>
        <Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <HStack gap="3" flexWrap="wrap">
            <Button type="submit" colorPalette="red">
              {confirmText}
            </Button>
            <Button asChild variant="outline">
              <Link to={`${pathname}${search}`}>取消</Link>
            </Button>
          </HStack>
        </Form>
      </Stack>
    </Box>
  );
}
