import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/route-error';
import { requireWebSession } from '~/sessions.server';

/** The guarded group of spec §2. Each child loader checks the session itself as well. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}

export default function Guarded() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
