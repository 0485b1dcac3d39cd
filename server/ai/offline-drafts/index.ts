import type { AiOperation, AiOperationInputs } from '../../../contracts/ai-operations';
import type { StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { cvDraft } from './cv';
import { freeDraft, writeByRequirementDraft } from './free';
import { psDraft } from './ps';
import { recommendationDraft } from './recommendation';
import { polishDraft, revisionDraft } from './review';
import { selectionDraft } from './selection';

export { checkText, type Finding } from './checks';

type Builders = {
  [K in AiOperation]: (input: AiOperationInputs[K], profile: StudentProfile | null) => OfflineDraft | Promise<OfflineDraft>;
};

const BUILDERS: Builders = {
  ps: psDraft,
  cv: cvDraft,
  recommendation: recommendationDraft,
  free: freeDraft,
  write_by_requirement: writeByRequirementDraft,
  revision: revisionDraft,
  polish: polishDraft,
  expand: (input) => selectionDraft('expand', input),
  rephrase: (input) => selectionDraft('rephrase', input),
  rewrite: (input) => selectionDraft('rewrite', input),
  style: (input) => selectionDraft('style', input),
  shorten: (input) => selectionDraft('shorten', input),
  translate: (input) => selectionDraft('translate', input),
};

/**
 * The offline engine's draft for an operation (passed as `ChatRequest.offlineDraft`). The engine adds
 * the 【离线模式】 label when it renders; drafts never carry it themselves. Revision and polish wait
 * for the grammar engine (a worker thread, ADR 0041).
 */
export async function offlineDraftFor<K extends AiOperation>(
  operation: K,
  input: AiOperationInputs[K],
  profile: StudentProfile | null,
): Promise<OfflineDraft> {
  const build: Builders[K] = BUILDERS[operation];
  return await build(input, profile);
}
