import { z } from 'zod';
import type { Database } from '../../db/client';
import { operationLogs } from '../../db/schema';

/** Spec §3 Operation log. Metadata is free-form but bounded so a client cannot fill the table. */
export const operationLogSchema = z.object({
  operation_type: z.string({ error: '缺少操作类型' }).trim().min(1, '缺少操作类型').max(100),
  operation_result: z.enum(['success', 'fail'], { error: '操作结果只能是 success 或 fail' }),
  related_resource_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100)).nullish(),
  related_resource_type: z
    .enum(['writing', 'payment_order', 'redemption_code', 'invite_code', 'school_match_result'], { error: '关联资源类型无效' })
    .nullish(),
  error_message: z.string().max(2000).nullish(),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((m) => JSON.stringify(m).length <= 8192, '附加信息过大')
    .nullish(),
});
export type OperationLogInput = z.infer<typeof operationLogSchema>;

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
      errorMessage: input.error_message ?? null,
      metadata: input.metadata ?? null,
      requestId: input.requestId,
      sourcePage: input.sourcePage,
    })
    .returning({ id: operationLogs.id });
  return row!;
}
