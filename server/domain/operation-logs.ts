import type { OperationLogInput } from '../../contracts/operation-logs';
import type { Database } from '../../db/client';
import { operationLogs } from '../../db/schema';
import { redactString, redactValue } from '../redact';

/** A client's report, stored as it came but redacted: its message and metadata may quote a phone, a token or a text. */
export async function recordOperationLog(
  db: Database,
  input: OperationLogInput & { userId: string | null; requestId?: string; sourcePage?: string },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(operationLogs)
    .values({
      userId: input.userId,
      operationType: input.operation_type,
      operationResult: input.operation_result,
      relatedResourceId: input.related_resource_id ?? null,
      relatedResourceType: input.related_resource_type ?? null,
      errorMessage: input.error_message == null ? null : redactString(input.error_message),
      metadata: input.metadata == null ? null : (redactValue(input.metadata) as Record<string, unknown>),
      requestId: input.requestId,
      sourcePage: input.sourcePage,
    })
    .returning({ id: operationLogs.id });
  return row!;
}
