import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/services/pages/admin-guard.server';
import { ADMIN_MENU_GROUP } from '~/services/navigation';

/** /dash/admin opens the console's first page; a non-admin gets the 403 page, not a redirect. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, ADMIN_MENU_GROUP.label);
  throw redirect(ADMIN_MENU_GROUP.items[0]!.to);
}

/** Never rendered (the loader always redirects or refuses); without it this would be a resource route, and its 403 raw JSON. */
export default function AdminIndex() {
  return null;
}
