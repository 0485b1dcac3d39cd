import { useRouteLoaderData } from '@remix-run/react';
import type { PublicConfig } from '../../contracts/public-config';
import type { User } from '../../contracts/user';

/** The deployment's public settings, loaded once by the root route. */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<{ config: PublicConfig }>('root');
  if (!data) throw new Error('root loader data missing');
  return data.config;
}

/**
 * The signed-in user, loaded once per page by the dashboard shell: pages under /dash read it here
 * instead of asking the API again.
 */
export function useShellUser(): User {
  const data = useRouteLoaderData<{ user: User }>('routes/dash');
  if (!data) throw new Error('dashboard shell data missing');
  return data.user;
}
