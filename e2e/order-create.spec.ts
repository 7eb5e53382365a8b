/**
 * Create order against a standalone sandbox: invalid input is refused on the fields (the
 * form's own checks, then the API's field errors including a nested `items.0.qty`), the
 * draft survives the failed submit and a reload, a valid order is created once even when the
 * button is pressed twice, and the API's search finds it. An answer lost after the order was
 * created (`outcome_unknown` to the page) is said, and sending again opens that order instead
 * of creating a second one. axe on the form.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './orders-fixture';
import { expectNoSeriousA11yViolations } from './support/axe';
import type { SandboxProcess } from './support/sandbox-process';

// One console and sandbox for the file: each test creates an order of its own name; the draft
// is saved view state, forgotten before each test (support/bridge-call.ts).
test.use({ consoleScope: 'file' });

async function search(
  sandbox: SandboxProcess,
  q: string,
): Promise<{ count: number; results: { order_name: string }[] }> {
  const url = `${sandbox.url}/api/orders/?q=${encodeURIComponent(q)}`;
  const response = await fetch(url, { headers: { 'X-API-Key': sandbox.key } });
  return (await response.json()) as { count: number; results: { order_name: string }[] };
}

async function openForm(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('current-connection')).toBeVisible();
  await page.evaluate(() => {
    window.location.hash = '#/orders/new';
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Create order' })).toBeVisible();
}

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

async function fillRequired(page: Page, name: string): Promise<void> {
  await label(page, 'Recipient name (required)').fill('Ada Lovelace');
  await label(page, 'Address line 1 (required)').fill('12 St James Square');
  await label(page, 'City (required)').fill('London');
  await label(page, 'Postal code (required)').fill('SW1Y 4JH');
  await label(page, 'Country code (required)').fill('GB');
  await label(page, 'Order name').fill(name);
}

/** Answers the next ordersCreate call with a bridge error, as the host would. */
async function failNextCreate(page: Page, error: Record<string, unknown>): Promise<void> {
  await page.route(
    '**/bridge/call/ordersCreate',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error }),
      }),
    { times: 1 },
  );
}

test('invalid then valid input: field errors, a draft that survives, one order created', async ({
  page,
  sandbox,
  packbench,
}) => {
  const name = `E2E-${Date.now()}`;
  await openForm(page, packbench.url);
  await expectNoSeriousA11yViolations(page, 'the create form');

  // The form's own checks: required fields, the country code, a D(8,2) decimal.
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByText('Recipient name is required.')).toBeVisible();
  await expect(label(page, 'City (required)')).toHaveAttribute('aria-invalid', 'true');
  await label(page, 'Country code (required)').fill('G1');
  await label(page, 'Total').fill('1.999');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByText('Two letters (ISO 3166), e.g. US or DE.')).toBeVisible();
  await expect(page.getByText(/A decimal such as 12\.50/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the create form with errors');

  await fillRequired(page, name);
  await label(page, 'Total').fill('19.90');
  await label(page, 'Currency').fill('GBP');
  await page.getByRole('button', { name: 'Add item' }).click();
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('SKU').fill('MUG-TER-0132');
  await item.getByLabel('Quantity').fill('2');
  await item.getByLabel('Weight (kg)').fill('0.688');

  // The API's refusal lands on the fields it names, nested item fields included.
  await failNextCreate(page, {
    code: 'invalid_input',
    status: 400,
    message: 'The API refused the order.',
    fieldErrors: {
      'items.0.qty': ['Ensure this value is less than or equal to 1000.'],
      postal_code: ['Not a postal code of GB.'],
    },
  });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(item.getByText('Ensure this value is less than or equal to 1000.')).toBeVisible();
  await expect(item.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Not a postal code of GB.')).toBeVisible();
  await expect(label(page, 'Postal code (required)')).toHaveAttribute('aria-invalid', 'true');

  // The draft survives the failed submit and a restart of the page.
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(label(page, 'Order name')).toHaveValue(name);
  await expect(label(page, 'Recipient name (required)')).toHaveValue('Ada Lovelace');
  await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('SKU')).toHaveValue(
    'MUG-TER-0132',
  );

  // Valid now; pressed twice, created once.
  await page.getByRole('button', { name: 'Create order' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${name}` })).toBeVisible();
  const found = await search(sandbox, name);
  expect(found.results.filter((o) => o.order_name === name)).toHaveLength(1);

  // Created: the draft is gone.
  await page.evaluate(() => {
    window.location.hash = '#/orders/new';
  });
  await expect(label(page, 'Order name')).toHaveValue('');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
});

test('an answer lost after the order was created: sending again finds it, never a second order', async ({
  page,
  sandbox,
  packbench,
}) => {
  const name = `E2E-LOST-${Date.now()}`;
  await openForm(page, packbench.url);
  await fillRequired(page, name);
  // The create really reaches the API (the order exists), but the page hears only that
  // its outcome is unknown, as when the answer is lost on the way.
  await page.route(
    '**/bridge/call/ordersCreate',
    async (route) => {
      await route.fetch();
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: false,
          error: { code: 'outcome_unknown', message: 'The answer was lost.' },
        }),
      });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByTestId('create-unknown')).toContainText(
    'Pressing Create order again is safe',
  );
  expect((await search(sandbox, name)).results.filter((o) => o.order_name === name)).toHaveLength(
    1,
  );

  // Sending again finds the order by the draft's reference and opens it: still one order.
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${name}` })).toBeVisible();
  expect((await search(sandbox, name)).results.filter((o) => o.order_name === name)).toHaveLength(
    1,
  );
});
