/**
 * The ui-grids benchmark's in-page parts: each function runs inside Chromium through
 * page.evaluate, so each is self-contained (no imports, no closures over this module).
 *
 * - settle(): resolves once the frame after a change has been produced (a requestAnimationFrame,
 *   then a task, which runs after that frame's style, layout and paint).
 * - timeUntil(): does one interaction (a click or typing a value) and times it until a DOM
 *   condition holds and the frame after it is drawn; a MutationObserver checks the condition
 *   on every DOM change, so the time is not rounded to frames.
 * - scrollFrames(): scrolls an element a fixed distance per frame and records frame intervals.
 * - buildPeer()/sortPeer()/filterPeer(): the peer, a plain table of every row built with the
 *   DOM API (no framework, no virtualization), over the same bridge call.
 */

export interface Interaction {
  click?: string;
  input?: { selector: string; value: string };
  /** Done when this selector matches an element (e.g. the scroller without aria-busy)… */
  doneSelector: string;
  /** …and this element's text differs from what it was before the interaction. */
  changedText?: string;
}

export async function timeUntil(a: Interaction): Promise<number> {
  const settle = () =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }),
    );
  const before = a.changedText ? document.querySelector(a.changedText)?.textContent : undefined;
  const done = () =>
    document.querySelector(a.doneSelector) !== null &&
    (!a.changedText || document.querySelector(a.changedText)?.textContent !== before);
  const t0 = performance.now();
  const reached = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  if (a.click) (document.querySelector(a.click) as HTMLElement).click();
  if (a.input) {
    const el = document.querySelector(a.input.selector) as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(el, a.input.value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (!done()) await reached;
  await settle();
  return performance.now() - t0;
}

/**
 * Opens a view by a click and times, from the click, the frame after `first` first matches
 * (the first rows drawn) and the frame after `all` first matches (every row in). Measured in
 * the page: a locator's wait polls the page (up to 500 ms apart after its first tries), which
 * added 0.5-1 s to "first rows" in earlier runs of this bench.
 */
export async function timeOpen(a: {
  click: string;
  first: string;
  all: string;
}): Promise<{ first: number; all: number }> {
  const settle = () =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }),
    );
  const t0 = performance.now();
  const when = (selector: string) =>
    new Promise<number>((resolve) => {
      const check = () => {
        if (document.querySelector(selector) === null) return false;
        observer.disconnect();
        void settle().then(() => resolve(performance.now() - t0));
        return true;
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  const first = when(a.first);
  const all = when(a.all);
  (document.querySelector(a.click) as HTMLElement).click();
  return { first: await first, all: await all };
}

/** Frame intervals (ms) while the element scrolls `step` px per frame for `frames` frames. */
export async function scrollFrames(args: {
  selector: string;
  step: number;
  frames: number;
}): Promise<number[]> {
  const el = document.querySelector(args.selector) as HTMLElement;
  el.scrollTop = 0;
  const intervals: number[] = [];
  await new Promise<void>((resolve) => {
    let last = 0;
    let n = 0;
    const frame = (t: number) => {
      if (last !== 0) intervals.push(t - last);
      last = t;
      if (n++ >= args.frames) return resolve();
      el.scrollTop += args.step;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return intervals;
}

interface PeerWindow {
  peerRows?: { s: Record<string, unknown>; tr: HTMLTableRowElement }[];
}

/**
 * The peer: fetches the list through the same bridge call, then builds one <tr> per shipment
 * (the grid's 12 columns as text) and resolves when the first rows are drawn. Returns the time.
 */
export async function buildPeer(args: { token: string }): Promise<number> {
  const t0 = performance.now();
  const response = await fetch('/bridge/call/shipmentsList', {
    method: 'POST',
    headers: { Authorization: `Bearer ${args.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ args: {} }),
  });
  const result = (await response.json()) as { ok: boolean; value: Record<string, unknown>[] };
  if (!result.ok) throw new Error('shipmentsList failed');
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const contact = (s: Record<string, unknown>) =>
    (s.ship_to ?? {}) as { name?: string; address?: { city?: string; country_code?: string } };
  document.body.replaceChildren();
  const scroller = document.createElement('div');
  scroller.id = 'peer-scroller';
  scroller.style.cssText = 'height:85vh;overflow:auto;font:14px sans-serif';
  const table = document.createElement('table');
  table.id = 'peer-table';
  // Fixed layout with set widths, as the grid has: the browser need not measure every cell
  // to size the columns (an auto-layout table of 1.2 million cells ran out of memory here).
  table.style.cssText = 'table-layout:fixed;width:1760px;border-collapse:collapse';
  const widths = [190, 170, 110, 110, 170, 170, 90, 110, 130, 170, 150, 90];
  const colgroup = document.createElement('colgroup');
  for (const w of widths) {
    const col = document.createElement('col');
    col.style.width = `${w}px`;
    colgroup.append(col);
  }
  table.append(colgroup);
  const tbody = document.createElement('tbody');
  const rows: { s: Record<string, unknown>; tr: HTMLTableRowElement }[] = [];
  for (const s of result.value) {
    const tr = document.createElement('tr');
    const c = contact(s);
    for (const v of [
      s.shipment_id,
      s.created_at,
      s.carrier,
      s.service_code,
      s.tracking_number,
      s.status,
      s.sla_status,
      s.predicted_sla_miss_prob,
      s.selection_reason_code,
      c.name,
      `${c.address?.city ?? ''}, ${c.address?.country_code ?? ''}`,
      s.package_count,
    ]) {
      const td = document.createElement('td');
      td.style.cssText = 'white-space:nowrap;overflow:hidden;height:33px;padding:0 8px';
      td.textContent = text(v);
      tr.append(td);
    }
    tbody.append(tr);
    rows.push({ s, tr });
  }
  table.append(tbody);
  scroller.append(table);
  document.body.append(scroller);
  (window as PeerWindow).peerRows = rows;
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }),
  );
  return performance.now() - t0;
}

export async function sortPeer(args: { field: string; desc: boolean }): Promise<number> {
  const t0 = performance.now();
  const rows = (window as PeerWindow).peerRows!;
  const key = (r: { s: Record<string, unknown> }) => String(r.s[args.field] ?? '');
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return args.desc ? -c : c;
  });
  const tbody = document.querySelector('#peer-table tbody')!;
  const fragment = document.createDocumentFragment();
  for (const r of rows) fragment.append(r.tr);
  tbody.append(fragment);
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }),
  );
  return performance.now() - t0;
}

export async function filterPeer(args: { field: string; value: string | null }): Promise<number> {
  const t0 = performance.now();
  for (const r of (window as PeerWindow).peerRows!) {
    r.tr.hidden = args.value !== null && r.s[args.field] !== args.value;
  }
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    }),
  );
  return performance.now() - t0;
}
