import type { AiOperation, AiOperationInputs } from '../../../contracts/ai-operations';
import type { ChatMessage } from '../providers/provider';
import { cvPrompt } from './cv';
import { freePrompt } from './free';
import { polishPrompt } from './polish';
import { psPrompt } from './ps';
import { recommendationPrompt } from './recommendation';
import { revisionPrompt } from './revision';
import { expandPrompt } from './selection/expand';
import { rephrasePrompt } from './selection/rephrase';
import { rewritePrompt } from './selection/rewrite';
import { shortenPrompt } from './selection/shorten';
import { stylePrompt } from './selection/style';
import { translatePrompt } from './selection/translate';
import type { PromptDefinition, StudentProfile } from './shared';
import { writeByRequirementPrompt } from './write-by-requirement';

export { renderFactSheet, type StudentProfile } from './fact-sheet';
export { REVISION_FORMAT } from './revision';
export { NO_INVENTION_RULE, detectLanguage, type PromptDefinition } from './shared';

type Prompts = { [K in AiOperation]: PromptDefinition<K> };

const PROMPTS: Prompts = {
  ps: psPrompt,
  cv: cvPrompt,
  recommendation: recommendationPrompt,
  free: freePrompt,
  write_by_requirement: writeByRequirementPrompt,
  revision: revisionPrompt,
  polish: polishPrompt,
  expand: expandPrompt,
  rephrase: rephrasePrompt,
  rewrite: rewritePrompt,
  style: stylePrompt,
  shorten: shortenPrompt,
  translate: translatePrompt,
};

export function promptFor<K extends AiOperation>(operation: K): PromptDefinition<K> {
  return PROMPTS[operation];
}

/**
 * The messages for a parsed request (`generateRequestSchema`): the operation picks the prompt, and
 * its input was validated by that operation's schema, so the pair always matches.
 */
export function buildPrompt<K extends AiOperation>(
  request: { operation: K; input: AiOperationInputs[K] },
  profile: StudentProfile | null,
): { version: string; messages: ChatMessage[] } {
  const prompt: PromptDefinition<K> = PROMPTS[request.operation];
  return { version: prompt.version, messages: prompt.build(request.input, profile) };
}
