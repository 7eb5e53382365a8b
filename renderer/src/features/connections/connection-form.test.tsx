// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackbenchClient } from '../../bridge';
import { bridgeWrapper, fails } from '../../test-support/stub-bridge';
import { ConnectionForm } from './connection-form';

afterEach(cleanup);

function renderForm(methods: Partial<Record<keyof PackbenchClient, unknown>>) {
  const client = methods as unknown as PackbenchClient;
  const onSaved = vi.fn();
  render(<ConnectionForm onSaved={onSaved} />, bridgeWrapper(client));
  return { onSaved, user: userEvent.setup() };
}

const accepted = vi.fn(async () => ({
  ok: true,
  value: { ok: true, message: 'Connected: 2,013 orders in this account.' },
}));
const refusedKey = vi.fn(async () => ({
  ok: true,
  value: { ok: false, message: 'The service answered, but refused this API key.', status: 401 },
}));

function savingClient() {
  const view = { id: 'c1', name: 'Main', baseUrl: 'https://api.example.com', sandbox: false };
  return {
    connectionSave: vi.fn(async () => ({ ok: true, value: view })),
    keySet: vi.fn(async () => ({ ok: true, value: { hasKey: true } })),
    connectionSelect: vi.fn(async () => ({
      ok: true,
      value: { connections: [view], selectedId: 'c1' },
    })),
  };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Main');
  await user.type(screen.getByLabelText('API base URL'), 'https://api.example.com');
  await user.type(screen.getByLabelText('API key'), 'pk_live_1234');
}

describe('first run: the empty form', () => {
  it('has examples that cannot be mistaken for values', () => {
    renderForm({ ...savingClient(), connectionTest: refusedKey });
    for (const label of ['Name', 'API base URL']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.value).toBe('');
      expect(input.placeholder).toMatch(/^e\.g\. /);
      expect(input.className).toContain('placeholder:italic');
    }
  });
});

describe('first run: a refused key is never saved silently', () => {
  it('tests before saving, and saves nothing when the key is refused', async () => {
    const saving = savingClient();
    const { user, onSaved } = renderForm({ ...saving, connectionTest: refusedKey });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    await screen.findByText(/refused this API key/);
    expect(screen.getByTestId('not-saved').textContent).toContain('Not saved.');
    expect(saving.connectionSave).not.toHaveBeenCalled();
    expect(saving.keySet).not.toHaveBeenCalled();
    expect(saving.connectionSelect).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves a refused key only through "Save anyway", the explicit second step', async () => {
    const saving = savingClient();
    const { user, onSaved } = renderForm({ ...saving, connectionTest: refusedKey });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saving.keySet).toHaveBeenCalledWith({
      connectionId: 'c1',
      apiKey: 'pk_live_1234',
      storage: 'keychain',
    });
  });

  it('saves and connects at once when the key is accepted', async () => {
    const saving = savingClient();
    const { user, onSaved } = renderForm({ ...saving, connectionTest: accepted });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();
  });
});

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
    const taken = 'Another connection is already called “Main”.';
    const connectionSave = vi.fn(fails('invalid_arguments', taken, { name: [taken] }));
    const { user, onSaved } = renderForm({ connectionSave, connectionTest: accepted });
    await user.type(screen.getByLabelText('Name'), 'Main');
    await user.type(screen.getByLabelText('API base URL'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'pk_live_1234');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));
    await screen.findByText('Another connection is already called “Main”.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
