// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackbenchClient } from '../../bridge';
import { BridgeProvider } from '../../query/bridge-context';
import { ConnectionForm } from './connection-form';

afterEach(cleanup);

function renderForm(methods: Partial<Record<keyof PackbenchClient, unknown>>) {
  const client = methods as unknown as PackbenchClient;
  const onSaved = vi.fn();
  render(
    <BridgeProvider client={client}>
      <QueryClientProvider client={new QueryClient()}>
        <ConnectionForm onSaved={onSaved} />
      </QueryClientProvider>
    </BridgeProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

describe('ConnectionForm', () => {
  it('shows field errors on the fields and sends nothing when the input is invalid', async () => {
    const connectionSave = vi.fn();
    const { user } = renderForm({ connectionSave });
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    const url = screen.getByLabelText('API base URL');
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    // The error is part of the field's description, so screen readers read it with the field.
    const describedBy = url.getAttribute('aria-describedby') ?? '';
    const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described.join(' ')).toContain('Enter the address of the Fulfillment API');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(connectionSave).not.toHaveBeenCalled();
  });

  it('tests with the typed URL and key, and shows the verdict', async () => {
    const connectionTest = vi.fn(async () => ({
      ok: true,
      value: { ok: false, message: 'The service answered, but refused this API key.' },
    }));
    const { user } = renderForm({ connectionTest });
    await user.type(screen.getByLabelText('API base URL'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'wrong-key-123');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/refused this API key/);
    expect(connectionTest).toHaveBeenCalledWith({
      baseUrl: 'https://api.example.com',
      apiKey: 'wrong-key-123',
    });
  });

  it('puts the bridge’s field errors on the named field', async () => {
    const connectionSave = vi.fn(async () => ({
      ok: false,
      error: {
        code: 'invalid_arguments',
        message: 'Another connection is already called “Main”.',
        fieldErrors: { name: ['Another connection is already called “Main”.'] },
      },
    }));
    const { user, onSaved } = renderForm({ connectionSave });
    await user.type(screen.getByLabelText('Name'), 'Main');
    await user.type(screen.getByLabelText('API base URL'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'pk_live_1234');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    await screen.findByText('Another connection is already called “Main”.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
