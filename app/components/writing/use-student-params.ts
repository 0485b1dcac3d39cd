import { useSearchParams } from '@remix-run/react';
import { useCallback } from 'react';
import { useStudentCreated } from '~/components/archives/new-student';

/**
 * The page's student lives in the URL (`clientId`, with the work's `workId`): picking one, creating
 * one in the dialog, or restoring a draft's lets the loader answer with its archive.
 */
export function useStudentParams(workId: string | null) {
  const [, setSearchParams] = useSearchParams();
  const onStudentCreated = useCallback(
    (created: { id: string }) => setSearchParams(workId ? { clientId: created.id, workId } : { clientId: created.id }, { replace: true }),
    [workId, setSearchParams],
  );
  useStudentCreated(onStudentCreated);

  const pick = (id: string) => {
    const params: Record<string, string> = {};
    if (id) params.clientId = id;
    if (workId) params.workId = workId;
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  /** The draft's student, loaded without a work (a draft restored as the page opens). */
  const loadDraftStudent = (id: string) => setSearchParams({ clientId: id }, { replace: true, preventScrollReset: true });
  return { pick, loadDraftStudent };
}
