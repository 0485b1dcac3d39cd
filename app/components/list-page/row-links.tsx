import { Button, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RowActionButton, type PendingRowAction } from '~/components/ui/row-actions';

/** 查看 and 删除 for a row; on a phone the row's name is the link, so 查看 makes room for 删除. */
export function OpenAndDelete({
  href,
  openTestId,
  action,
  onAsk,
  deleteTestId,
}: {
  href: string;
  openTestId?: string;
  action: PendingRowAction;
  onAsk: (action: PendingRowAction) => void;
  deleteTestId: string;
}) {
  return (
    <>
      <Button asChild size="xs" variant="ghost" colorPalette="blue" display={{ base: 'none', sm: 'inline-flex' }}>
        <Link to={href} data-testid={openTestId}>
          查看
        </Link>
      </Button>
      <RowActionButton action={action} onAsk={onAsk} label="删除" palette="red" testId={deleteTestId} />
    </>
  );
}

/** A row's name as the link to its page; on a phone, where the other columns hide, a line of what they said. */
export function TitleLink({ href, title, phoneLine }: { href: string; title: string; phoneLine: ReactNode }) {
  return (
    <>
      <Link to={href}>
        <Text fontWeight="medium" color="blue.700" truncate title={title}>
          {title}
        </Text>
      </Link>
      <Text fontSize="xs" color="gray.500" truncate display={{ base: 'block', md: 'none' }}>
        {phoneLine}
      </Text>
    </>
  );
}
