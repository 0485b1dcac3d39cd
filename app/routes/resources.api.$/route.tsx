import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { passThrough } from '~/services/api/passthrough.server';

/** /resources/api/* → /api/v1/* with the session's token (see passthrough.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => passThrough(request, context, '接口转发');
export const action = ({ request, context }: ActionFunctionArgs) => passThrough(request, context, '接口转发');
