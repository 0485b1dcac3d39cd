import { Button, EmptyState } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A list with nothing to show: why, what to do, and (when filtered) a link that clears the filters. */
export function ListEmptyState({
  icon,
  title,
  description,
  clear,
  testId,
  framed = false,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  clear?: { href: string; label: string } | null;
  testId: string;
  /** On the page's grey background (not inside a white card): a card of its own. */
  framed?: boolean;
}) {
  return (
    <EmptyState.Root size="sm" data-testid={testId} {...(framed && { bg: 'white', borderWidth: '1px', rounded: 'xl' })}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {clear && (
          <Button asChild size="sm" variant="outline">
            <Link to={clear.href}>{clear.label}</Link>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
