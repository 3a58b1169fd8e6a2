import { z } from 'zod';

/** One invalid field: which one, which rule it broke, and a sentence a person can act on. */
export const FieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  /**
   * A `unit_check` error only (decision 030): the ways the value can be read, the likelier first and the value as
   * entered last; the client sends the one the person picks as `{ value, unit, confirmed: true }`.
   */
  choices: z
    .array(z.object({ value: z.number(), unit: z.string(), inFieldUnit: z.number(), text: z.string() }))
    .optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** RFC 9457 problem details: the one error shape of the API. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
