import type { LoaderFunctionArgs } from '@remix-run/node';
import { latestUpdateLogsLoader } from '~/services/pages/update-logs.server';

/** GET /resources/update-logs: 最近更新's list and unread marks (see latestUpdateLogsLoader). */
export const loader = (args: LoaderFunctionArgs) => latestUpdateLogsLoader('最近更新', args);
