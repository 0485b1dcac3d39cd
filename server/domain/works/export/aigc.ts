import { randomUUID } from 'node:crypto';
import { and, eq, gt, or } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { aiOperations, workVersions } from '../../../../db/schema';

/**
 * The AI-generated-content label of an export (《人工智能生成合成内容标识办法》, in force since
 * 2025-09-01, and GB 45438-2025; ADR 0029). A file a user exports carries the explicit label, a
 * line of text, and the implicit one, metadata: the standard's `AIGC` field holds a JSON object
 * with Label, ContentProducer, ProduceID, ReservedCode1, ContentPropagator, PropagateID,
 * ReservedCode2.
 */

export const PLATFORM_NAME = '留学文书AI平台';

export type AiContent = {
  /** The work holds generated text: an operation linked to it delivered text, or the caller said so. */
  generated: boolean;
  /** Some of it came from the offline engine (templates, no language model): labelled 离线模式. */
  offline: boolean;
};

/**
 * What the server knows about the work's text, whoever exports it from wherever: the operations
 * linked to it that delivered text (a generation into it, or a writing page's save naming the
 * generations and accepted proposals it holds) and the operations of its generation versions (one
 * linked to another work first still counts here). Never a browser's flag: a work exported later
 * from another device must carry the same label. `callerSays` is an API caller adding text
 * generated elsewhere.
 */
export async function aiContentOf(db: Database, workId: string, callerSays: boolean): Promise<AiContent> {
  const delivered = or(eq(aiOperations.status, 'succeeded'), gt(aiOperations.outputChars, 0));
  const [linked, versioned] = await Promise.all([
    db
      .select({ providerKind: aiOperations.providerKind })
      .from(aiOperations)
      .where(and(eq(aiOperations.workId, workId), delivered)),
    db
      .select({ providerKind: aiOperations.providerKind })
      .from(workVersions)
      .leftJoin(aiOperations, eq(aiOperations.id, workVersions.operationId))
      .where(and(eq(workVersions.workId, workId), eq(workVersions.source, 'generation'))),
  ]);
  const rows = [...linked, ...versioned];
  return { generated: callerSays || rows.length > 0, offline: rows.some((r) => r.providerKind === 'offline') };
}

export type AigcLabel = {
  /** The visible line printed at the end of the text. */
  text: string;
  /** The GB 45438-2025 `AIGC` metadata value (JSON). */
  metadata: string;
  /** For keyword and subject fields, which every reader shows. */
  keywords: string;
};

export function aigcLabel(content: AiContent, workId: string): AigcLabel | null {
  if (!content.generated) return null;
  const text = content.offline
    ? `本文档部分内容由人工智能生成（含离线模式模板草稿；${PLATFORM_NAME}）`
    : `本文档部分内容由人工智能生成（${PLATFORM_NAME}）`;
  const metadata = JSON.stringify({
    Label: '1',
    ContentProducer: PLATFORM_NAME,
    ProduceID: workId,
    ReservedCode1: content.offline ? 'offline' : '',
    ContentPropagator: PLATFORM_NAME,
    PropagateID: randomUUID(),
    ReservedCode2: '',
  });
  return { text, metadata, keywords: content.offline ? 'AIGC, AI生成, 离线模式' : 'AIGC, AI生成' };
}
