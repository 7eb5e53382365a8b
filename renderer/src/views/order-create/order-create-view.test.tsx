// @vitest-environment jsdom
/**
 * The create-order form rendered, over a fake bridge: its own checks stop a bad order before
 * the bridge is asked, the API's refusal lands on the fields it names (the input kept as a
 * draft), and two quick presses create one order. The schema's rules have their own tests
 * (order-form-schema.test.ts); this is what the person sees of them.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import type { PackbenchClient } from '../../bridge';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { OrderCreateView } from './order-create-view';
import { DRAFT_VIEW_KEY } from './order-draft';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

type Answer = { ok: true; value: unknown } | { ok: false; error: Record<string, unknown> };

function renderForm(
  ordersCreate: (args: { order: Record<string, unknown>; reference?: string }) => Promise<Answer>,
  ordersCreatePending: (args: { reference: string }) => Promise<Answer> = async () => ({
    ok: true,
    value: { state: 'none' },
  }),
) {
  const settings = defaultSettings();
  const views: Record<string, unknown> = { ...settings.views };
  const create = vi.fn(ordersCreate);
  const client = {
    settingsGet: async () => ({
      ok: true,
      value: { settings: { ...settings, views }, path: '/x', notices: [] },
    }),
    // The draft is written as a merge patch of settings.views.
    settingsUpdate: async ({ patch }: { patch: { views?: Record<string, unknown> } }) => {
      Object.assign(views, patch.views);
      return { ok: true, value: { settings: { ...settings, views }, path: '/x', notices: [] } };
    },
    ordersCreate: create,
    ordersCreatePending: vi.fn(ordersCreatePending),
  } as unknown as PackbenchClient;
  render(<OrderCreateView />, bridgeWrapper(client));
  return { user: userEvent.setup(), create, draft: () => views[DRAFT_VIEW_KEY] };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Recipient name (required)'), 'Ada Lovelace');
  await user.type(field('Address line 1 (required)'), '12 St James Square');
  await user.type(field('City (required)'), 'London');
  await user.type(field('Postal code (required)'), 'SW1Y 4JH');
  await user.type(field('Country code (required)'), 'GB');
}

describe('create order', () => {
  it('checks the fields first: nothing reaches the bridge while the form is wrong', async () => {
    const { user, create } = renderForm(async () => ({ ok: true, value: { id: 1 } }));
    const submit = await screen.findByRole('button', { name: 'Create order' });
    await user.click(submit);
    expect(await screen.findByText('Recipient name is required.')).toBeTruthy();
    expect(field('City (required)').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Country code (required)'), 'G1');
    await user.type(field('Total'), '1.999');
    await user.click(submit);
    expect(await screen.findByText('Two letters (ISO 3166), e.g. US or DE.')).toBeTruthy();
    expect(screen.getByText(/A decimal such as 12\.50/)).toBeTruthy();
    // The error is announced with its field.
    const total = field('Total');
    const describedBy = total.getAttribute('aria-describedby') ?? '';
    expect(
      describedBy
        .split(' ')
        .some((id) => /decimal/.test(document.getElementById(id)?.textContent ?? '')),
    ).toBe(true);
    expect(create).not.toHaveBeenCalled();
  });

  it('puts the API’s refusal on the fields it names and keeps the input as a draft', async () => {
    const { user, create, draft } = renderForm(async () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        status: 400,
        message: 'The API refused the order.',
        fieldErrors: {
          postal_code: ['Not a postal code of GB.'],
          non_field_errors: ['Duplicate external id.'],
        },
      },
    }));
    await screen.findByRole('button', { name: 'Create order' });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Not a postal code of GB.')).toBeTruthy();
    expect(field('Postal code (required)').getAttribute('aria-invalid')).toBe('true');
    expect(field('City (required)').getAttribute('aria-invalid')).toBe('false');
    // What names no field is said over the form, not dropped.
    expect(screen.getByTestId('form-errors').textContent).toContain('Duplicate external id.');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0].order).toMatchObject({
      recipient_name: 'Ada Lovelace',
      city: 'London',
      country: 'GB',
    });
    await waitFor(() =>
      expect(draft()).toMatchObject({ values: { recipient_name: 'Ada Lovelace', city: 'London' } }),
    );
  });

  it('creates one order when Create is pressed twice', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const { user, create } = renderForm(
      () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    );
    await screen.findByRole('button', { name: 'Create order' });
    await fillRequired(user);
    await user.dblClick(screen.getByRole('button', { name: 'Create order' }));
    await user.keyboard('{Enter}');
    answer({ ok: true, value: { id: 77, order_name: 'N-77' } });
    // Without the app's hash router, wouter navigates by path.
    await waitFor(() => expect(window.location.pathname).toBe('/orders/77'));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('after a lost answer, says so and sends the same draft again with the same reference', async () => {
    const answers: Answer[] = [
      { ok: false, error: { code: 'outcome_unknown', message: 'The API did not answer.' } },
      { ok: true, value: { id: 78, order_name: 'N-78' } },
    ];
    const { user, create, draft } = renderForm(async () => answers.shift()!);
    await screen.findByRole('button', { name: 'Create order' });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect((await screen.findByTestId('create-unknown')).textContent).toContain(
      'Pressing Create order again is safe',
    );
    // The input is kept, with the reference the next try will carry.
    await waitFor(() => expect(draft()).toMatchObject({ reference: expect.any(String) }));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(window.location.pathname).toBe('/orders/78'));
    const [first, second] = create.mock.calls.map(([args]) => args.reference);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect((draft() as { reference?: string } | undefined)?.reference).toBeUndefined();
  });

  it('after a restart with a create sent and unseen: "checking", Create off, then the found order opens', async () => {
    const sentAt = '2026-11-28T10:42:00.000Z';
    const states: Answer[] = [
      {
        ok: true,
        value: { state: 'checking', sentAt, checkUntil: '2026-11-28T10:44:00.000Z' },
      },
      {
        ok: true,
        value: { state: 'created', sentAt, order: { id: 79, order_name: 'N-79' } },
      },
    ];
    let answerNext: () => void = () => undefined;
    // The form's "ask again" interval runs on fake timers, moved on below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { create } = renderForm(
      async () => ({ ok: true, value: { id: 1 } }),
      // The first answer at once; the second when the test says the order has landed.
      () =>
        states.length === 2
          ? Promise.resolve(states.shift()!)
          : new Promise<Answer>((resolve) => {
              answerNext = () => resolve(states.shift()!);
            }),
    );
    const notice = await screen.findByTestId('create-checking');
    const sent = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(
      new Date(sentAt),
    );
    expect(notice.textContent).toContain(`Sent at ${sent}, no answer yet — checking.`);
    const button = screen.getByRole('button', { name: 'Checking…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // The form asks again on its own a few seconds later; the order has landed meanwhile.
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(states).toHaveLength(1));
    answerNext();
    await waitFor(() => expect(window.location.pathname).toBe('/orders/79'));
    expect(create).not.toHaveBeenCalled();
  });
});
