import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireWebSession } from '~/sessions.server';

/**
 * For pages under the shell that need nothing but a session: each route checks it itself (a
 * parent's loader does not protect its children), and reads the user from the shell's loader.
 */
export async function sessionOnlyLoader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}
