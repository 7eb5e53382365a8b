/**
 * The print dialog's form: printer, copies and paper for this job only. Empty means "as
 * routed", so the override carries only what the person changed and the route (and the main
 * process's checks) decide the rest.
 */
import { z } from 'zod';
import { type PrintMedia, printMedia } from '../../../../shared/contract/printing-settings';

export const overrideFormSchema = z.object({
  printerId: z.string(),
  copies: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), 'Copies is a whole number.')
    .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= 99), 'Copies is from 1 to 99.'),
  media: z.union([z.literal(''), printMedia]),
});

export type OverrideFormValues = z.infer<typeof overrideFormSchema>;

export const emptyOverride: OverrideFormValues = { printerId: '', copies: '', media: '' };

export interface PrintOverride {
  printerId?: string;
  copies?: number;
  media?: PrintMedia;
}

export function toOverride(values: OverrideFormValues): PrintOverride {
  const override: PrintOverride = {};
  if (values.printerId) override.printerId = values.printerId;
  if (values.copies.trim()) override.copies = Number(values.copies);
  if (values.media) override.media = values.media;
  return override;
}
