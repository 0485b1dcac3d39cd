import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useSearchParams } from '@remix-run/react';
import { REVIEW_PAGES } from '~/services/navigation';

/**
 * Revision and polish are the two essay-improvement tools (spec §1 names them together; the menu
 * lists only polish): each page links to the other, so revision is one click from the menu.
 */
export function ReviewPageSwitch({ current }: { current: keyof typeof REVIEW_PAGES }) {
  // The student comes along: a consultant moving from polish to revision works on the same one.
  const [params] = useSearchParams();
  const clientId = params.get('clientId');
  return (
    <HStack as="nav" aria-label="文书修改与润色" gap="1" bg="gray.100" rounded="lg" p="1" data-testid="review-page-switch">
      {(Object.keys(REVIEW_PAGES) as Array<keyof typeof REVIEW_PAGES>).map((key) => {
        const page = REVIEW_PAGES[key];
        const active = key === current;
        return (
          <ChakraLink
            key={key}
            asChild
            flex="1"
            justifyContent="center"
            fontSize="sm"
            py="1"
            rounded="md"
            bg={active ? 'white' : 'transparent'}
            shadow={active ? 'xs' : undefined}
            fontWeight={active ? 'semibold' : 'normal'}
            color={active ? 'gray.900' : 'gray.600'}
            textDecoration="none"
            _hover={{ textDecoration: 'none', color: 'gray.900' }}
          >
            <Link
              to={clientId ? `${page.route}?clientId=${encodeURIComponent(clientId)}` : page.route}
              aria-current={active ? 'page' : undefined}
            >
              {page.label}
            </Link>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
