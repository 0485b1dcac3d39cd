import { OPERATION_RESULTS, RELATED_RESOURCE_TYPES } from './constants';
import { z } from './zod';

/** Spec §3 operation log; POST /api/v1/user-operation-logs. Metadata is free-form but bounded. */
export const operationLogSchema = z.object({
  operation_type: z.string({ error: '缺少操作类型' }).trim().min(1, '缺少操作类型').max(100),
  operation_result: z.enum(OPERATION_RESULTS, { error: '操作结果只能是 success 或 fail' }),
  related_resource_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100)).nullish(),
  related_resource_type: z.enum(RELATED_RESOURCE_TYPES, { error: '关联资源类型无效' }).nullish(),
  error_message: z.string().max(2000).nullish(),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((m) => JSON.stringify(m).length <= 8192, '附加信息过大')
    .nullish(),
});
export type OperationLogInput = z.infer<typeof operationLogSchema>;
