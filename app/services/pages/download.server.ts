import { redirect, type AppLoadContext } from '@remix-run/node';
import { ApiRequestError } from '~/services/errors';
import { requireWebSession } from '~/sessions.server';

/** Answer headers a download needs: its type, its file name, and the export's row count if it says one. */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'x-export-rows', 'x-export-truncated'];

/**
 * A file from the API streamed to the browser with the session's token added here (a plain link,
 * no JavaScript needed). A refusal (not an administrator, no such batch) comes back to `backTo`
 * with the reason as the shell's notice rather than as a file.
 */
export async function proxyDownload(
  request: Request,
  context: AppLoadContext,
  backTo: string,
  fetchFile: () => Promise<Response>,
): Promise<Response> {
  const web = await requireWebSession(request, context);
  try {
    const upstream = await fetchFile();
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    web.flashNotice(`导出失败：${error.message}`);
    return redirect(backTo);
  }
}
