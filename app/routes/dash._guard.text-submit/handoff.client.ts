import { plainTextOf } from '../../../contracts/work-text';
import { textToDocument } from '~/components/editor/paste';
import { isDocument, type StoredSidebar } from '~/components/writing/studio-model';
import { loadDraft, saveDraft } from '~/services/browser/drafts.client';
import { emptyPolishForm, emptyRevisionForm } from '~/services/writing';
import type { StudioTextTool } from '~/services/text-submit';

const EMPTY_FORMS = { polish: emptyPolishForm, revision: emptyRevisionForm } satisfies Record<StudioTextTool, () => unknown>;

/** The page's draft holds text the user wrote: handing a new text over would replace it. */
export function studioDraftHasText(userId: string, tool: StudioTextTool): boolean {
  const draft = loadDraft(userId, tool);
  if (!draft || !isDocument(draft.content)) return false;
  return plainTextOf(draft.content.blocks).trim().length > 0;
}

/**
 * 润色 / 修改: the text becomes the page's local draft (spec §3: the editor content and the form,
 * no student, no work), which the writing studio opens as it opens any draft. False when the
 * browser would not keep it.
 */
export function handTextToStudio(userId: string, tool: StudioTextTool, text: string): boolean {
  const sidebar: StoredSidebar = { form: EMPTY_FORMS[tool](), workId: null };
  return saveDraft(userId, tool, { content: textToDocument(text), sidebar, client: null }).ok;
}
