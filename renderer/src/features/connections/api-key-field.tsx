/**
 * The API key field, as the new-connection form and the set-key dialog both ask for it: a
 * password input the browser neither fills in nor spell-checks, so the key is never shown
 * or sent anywhere but the keychain.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../ui/form-controls';

export function ApiKeyField({
  field,
  hint,
}: {
  /** The form's apiKey field, from `registered`. */
  field: UseFormRegisterReturn & { error?: string };
  hint?: string;
}) {
  return (
    <InputField
      label="API key"
      hint={hint}
      {...field}
      type="password"
      autoComplete="off"
      spellCheck={false}
    />
  );
}
