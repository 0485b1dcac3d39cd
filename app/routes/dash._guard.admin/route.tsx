import { Box, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { NavLink, Outlet } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/route-error';
import { requireAdmin } from '~/services/pages/admin-guard.server';
import { ADMIN_MENU_GROUP } from '~/services/navigation';

/**
 * The operator console (/dash/admin/*), for administrators only. This loader shows non-admins the
 * 403 page in the shell; each page's own loader and action check the role again (a layout's loader
 * does not protect its children's data requests).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, ADMIN_MENU_GROUP.label);
  return null;
}

export default function AdminConsole() {
  return (
    <Box>
      <HStack
        as="nav"
        aria-label={ADMIN_MENU_GROUP.label}
        gap="1"
        px={{ base: '4', md: '8' }}
        pt={{ base: '4', md: '6' }}
        overflowX="auto"
        data-testid="admin-tabs"
      >
        <Text fontSize="sm" color="gray.500" fontWeight="medium" mr="2" flexShrink={0} hideBelow="md">
          {ADMIN_MENU_GROUP.label}
        </Text>
        {ADMIN_MENU_GROUP.items.map((item) => (
          <ChakraLink
            key={item.id}
            asChild
            flexShrink={0}
            px="3"
            py="1.5"
            rounded="full"
            fontSize="sm"
            color="gray.600"
            bg="white"
            borderWidth="1px"
            _hover={{ color: 'blue.700', borderColor: 'blue.300', textDecoration: 'none' }}
            css={{ '&.active': { bg: 'blue.600', borderColor: 'blue.600', color: 'white' } }}
          >
            <NavLink to={item.to} prefetch="intent">
              {item.label}
            </NavLink>
          </ChakraLink>
        ))}
      </HStack>
      <Outlet />
    </Box>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
