import { describe, expect, it } from 'vitest';
import { connectionFormSchema } from './connection-form-schema';

const valid = {
  name: 'Main warehouse',
  baseUrl: 'https://api.example.com',
  apiKey: 'pk_live_1234',
};

/** The first message per field: what the form shows (react-hook-form's firstError mode). */
function errorsFor(input: Record<string, string>) {
  const r = connectionFormSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (r.success) return errors;
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('connection form validation', () => {
  it('accepts a good connection and trims what was typed', () => {
    const r = connectionFormSchema.parse({ ...valid, name: '  Main  ', apiKey: ' pk_live_1234 ' });
    expect(r).toMatchObject({ name: 'Main', apiKey: 'pk_live_1234' });
    expect(
      connectionFormSchema.safeParse({ ...valid, baseUrl: 'http://127.0.0.1:8787' }).success,
    ).toBe(true);
  });

  it('names every empty field', () => {
    expect(errorsFor({ name: '', baseUrl: '', apiKey: '' })).toEqual({
      name: 'Give the connection a name, e.g. “Main warehouse”.',
      baseUrl: 'Enter the address of the Fulfillment API, e.g. https://api.example.com.',
      apiKey: 'Enter the API key from your account settings.',
    });
  });

  it('refuses plain http away from this computer, and non-URLs', () => {
    expect(errorsFor({ ...valid, baseUrl: 'http://api.example.com' }).baseUrl).toMatch(/https/);
    expect(errorsFor({ ...valid, baseUrl: 'not a url' }).baseUrl).toBeTruthy();
  });

  it('checks the key like the bridge does', () => {
    expect(errorsFor({ ...valid, apiKey: 'short' }).apiKey).toBe(
      'An API key is at least 8 characters.',
    );
    expect(errorsFor({ ...valid, apiKey: 'has a space' }).apiKey).toBe(
      'An API key has no spaces or special characters.',
    );
    expect(errorsFor({ ...valid, apiKey: 'x'.repeat(513) }).apiKey).toMatch(/at most 512/);
  });

  it('limits the name to 80 characters', () => {
    expect(errorsFor({ ...valid, name: 'n'.repeat(81) }).name).toMatch(/80/);
  });
});
