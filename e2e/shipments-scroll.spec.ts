/**
 * The Shipments grid scrolled as a person scrolls it: its row elements are kept and handed to
 * the rows that scroll in (renderer/src/ui/list/row-slots.ts), so each row must still show its
 * own shipment in every cell, say its place, read in the list's order to assistive technology
 * (Chromium's own accessibility tree), and no row may keep the focus of a row that left.
 */
import type { Page } from '@playwright/test';
import { api, expect, test } from './orders-fixture';
import { newestFirst } from './support/shipments-order';
import { openView } from './support/views';

interface Shipment {
  shipment_id: string;
  created_at: string;
}

const GRID_ROWS = '[data-testid="shipments-grid"] [role="row"][data-shipment-id]';

/** Each drawn row as the page has it: its place, its shipment, its first cell, and a mark. */
function drawnRows(app: Page) {
  return app.locator(GRID_ROWS).evaluateAll((rows) =>
    rows.map((r) => ({
      rowIndex: Number(r.getAttribute('aria-rowindex')),
      index: Number(r.getAttribute('data-index')),
      id: r.getAttribute('data-shipment-id') ?? '',
      firstCell: r.querySelector('[role="cell"]')?.textContent ?? '',
      mark: (r as HTMLElement & { seen?: string }).seen ?? null,
    })),
  );
}

/** Scrolls the grid down `frames` × 340 px, one step a frame, as the wheel does. */
async function scrollGrid(app: Page, frames: number): Promise<void> {
  await app.getByTestId('shipments-scroller').evaluate(
    (el, n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const step = () => {
          if (left-- === 0) return resolve();
          el.scrollTop += 340;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    frames,
  );
}

test('scrolled, every row shows its own shipment, in the list’s reading order', async ({
  app,
  sandbox,
}) => {
  const order = newestFirst(await api<Shipment[]>(sandbox, '/api/shipping/v1/shipments/'));
  expect(order.length).toBeGreaterThan(200);
  await openView(app, 'Shipments');
  await expect.poll(async () => (await drawnRows(app)).length).toBeGreaterThan(10);
  await app.locator(GRID_ROWS).first().click();
  await expect(app.locator(`${GRID_ROWS}[data-active]`)).toBeFocused();
  // Mark the elements drawn now, to see them again showing other shipments.
  await app.locator(GRID_ROWS).evaluateAll((rows) => {
    for (const r of rows) (r as HTMLElement & { seen?: string }).seen = r.dataset.shipmentId;
  });

  await scrollGrid(app, 12);
  await expect
    .poll(async () => Math.min(...(await drawnRows(app)).map((r) => r.index)))
    .toBeGreaterThan(60);
  const rows = await drawnRows(app);
  // The elements were kept: some now show another shipment than when marked.
  expect(rows.filter((r) => r.mark !== null && r.mark !== r.id).length).toBeGreaterThan(5);
  for (const r of rows) {
    expect(r.id).toBe(order[r.index]);
    expect(r.firstCell).toBe(r.id);
    expect(r.rowIndex).toBe(r.index + 2);
  }
  const places = rows.map((r) => r.index).sort((a, b) => a - b);
  expect(places).toEqual(places.map((_, i) => places[0]! + i));
  // The first row scrolled away with the focus: no row now shown holds it.
  expect(
    await app.evaluate(() => document.activeElement?.closest('[role="row"]') ?? null),
  ).toBeNull();

  // Chromium's accessibility tree reads the rows in the list's order, whatever the page's.
  const cdp = await app.context().newCDPSession(app);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      nodeId: string;
      role?: { value?: string };
      childIds?: string[];
      backendDOMNodeId?: number;
    }[];
  };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const inOrder: number[] = [];
  const visit = (id: string) => {
    const node = byId.get(id);
    if (!node) return;
    if (node.role?.value === 'row' && node.backendDOMNodeId !== undefined)
      inOrder.push(node.backendDOMNodeId);
    for (const child of node.childIds ?? []) visit(child);
  };
  visit(nodes[0]!.nodeId);
  const readIds: string[] = [];
  for (const backendNodeId of inOrder) {
    const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId })) as {
      object: { objectId?: string };
    };
    const { result } = (await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function () { return this.getAttribute("data-shipment-id"); }',
      returnByValue: true,
    })) as { result: { value: string | null } };
    if (result.value) readIds.push(result.value);
  }
  expect(readIds).toEqual(places.map((i) => order[i]));
  // …which the page's own order is not: the test reads kept elements, not new ones.
  expect(rows.map((r) => r.id)).not.toEqual(readIds);
});
