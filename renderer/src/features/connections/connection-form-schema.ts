/**
 * What the connection form accepts, checked as the person types (react-hook-form with the zod
 * resolver): the same URL policy and key rules as the bridge, so most mistakes are named on
 * their field before anything is sent. The bridge checks again; its field errors land on the
 * same fields.
 */
import { z } from 'zod';
import { checkBaseUrl } from '../../../../shared/contract/url-policy';
import { nameRule, requiredText } from '../../ui/text-rules';

export const connectionFormSchema = z.object({
  name: nameRule('Give the connection a name, e.g. “Main warehouse”.'),
  baseUrl: requiredText(
    'Enter the address of the Fulfillment API, e.g. https://api.example.com.',
    2048,
    'That address is too long.',
  ).superRefine((value, ctx) => {
    const verdict = checkBaseUrl(value);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason });
  }),
  apiKey: z
    .string()
    .trim()
    .min(1, 'Enter the API key from your account settings.')
    .min(8, 'An API key is at least 8 characters.')
    .max(512, 'An API key is at most 512 characters.')
    .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters.'),
});

export type ConnectionFormValues = z.infer<typeof connectionFormSchema>;

/** Only the key: for replacing the key of a saved connection. */
export const apiKeyFormSchema = connectionFormSchema.pick({ apiKey: true });
export type ApiKeyFormValues = z.infer<typeof apiKeyFormSchema>;

export const emptyConnectionForm: ConnectionFormValues = { name: '', baseUrl: '', apiKey: '' };
