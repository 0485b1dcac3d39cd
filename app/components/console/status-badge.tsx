import { Badge } from '@chakra-ui/react';

/** How one status reads: its word and its colour. */
export type StatusStyle = { label: string; palette: string };

/** A row's status in a console or history table, from the page's table of styles. */
export function StatusBadge<S extends string>({ status, styles, testId }: { status: S; styles: Record<S, StatusStyle>; testId: string }) {
  return (
    <Badge colorPalette={styles[status].palette} data-testid={testId}>
      {styles[status].label}
    </Badge>
  );
}
