import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { passThrough } from '~/services/api/passthrough.server';

/** /resources/api/* → /api/v1/* with the session's token (see passthrough.server.ts). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => passThrough(request, context, params['*'] ?? '', '接口转发');
export const action = ({ request, context, params }: ActionFunctionArgs) => passThrough(request, context, params['*'] ?? '', '接口转发');
