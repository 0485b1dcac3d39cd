import { Box, Button, Heading, HStack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A white card of a console page: its heading (with an optional action beside it) and its content. */
export function ConsoleSection({
  title,
  action,
  testId,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box as="section" bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '6' }} data-testid={testId}>
      {action ? (
        <HStack justify="space-between" mb="4" gap="3" flexWrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      ) : (
        <Heading as="h2" size="md" mb="4">
          {title}
        </Heading>
      )}
      {children}
    </Box>
  );
}

/** 编辑 in a row: a link back to the same list page with ?edit=id, so it works without JavaScript. */
export function EditRowLink({ route, page, id, testId }: { route: string; page: number; id: string; testId: string }) {
  return (
    <Button asChild size="xs" variant="ghost" colorPalette="blue">
      <Link to={`${route}?${new URLSearchParams({ ...(page > 1 && { page: String(page) }), edit: id })}`} data-testid={testId}>
        编辑
      </Link>
    </Button>
  );
}

/** The console lists' page links: page 1 is the bare route. */
export const consolePageHref = (route: string) => (page: number) => (page > 1 ? `${route}?page=${page}` : route);
