import { z } from './zod';

/** Every /api/v1 answer (DESIGN §4). `data.field` names the input a failure is about. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  code: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;
