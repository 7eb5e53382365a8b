// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../../shared/contract/bridge-contract';
import type { PackbenchClient } from '../../bridge';
import { BridgeProvider } from '../../query/bridge-context';
import { ZplPreview } from './zpl-preview';

afterEach(cleanup);

const ZPL =
  '^XA^PW812^LL1218^FO30,36^A0N,60,60^FDCARRIER B^FS^FO40,400^BY3^BCN,200,Y,N,N^FDCB123456789NL^FS^XZ';
const TITLE = 'Label CB123456789NL';
/** A 1x1 PNG stands in for the drawing: the component shows what it is given. */
const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

type Answer = BridgeResult<'labelRenderZpl'>;

function renderPreview(answer: () => Promise<Answer>, queryClient = new QueryClient()) {
  const labelRenderZpl = vi.fn(answer);
  const client = { labelRenderZpl } as unknown as PackbenchClient;
  const view = render(
    <BridgeProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <ZplPreview zpl={ZPL} title={TITLE} />
      </QueryClientProvider>
    </BridgeProvider>,
  );
  return { labelRenderZpl, view, queryClient };
}

describe('ZplPreview', () => {
  it('shows the label as the main process drew it, with its size, after "Rendering…"', async () => {
    let answer!: (a: Answer) => void;
    const { labelRenderZpl } = renderPreview(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Rendering…');
    expect(screen.getByTestId('label-zpl-preview').getAttribute('aria-busy')).toBe('true');
    answer({
      ok: true,
      value: { pages: [{ pngBase64: PNG_1x1, widthDots: 812, heightDots: 1218 }], dotsPerMm: 8 },
    });
    const image = await screen.findByRole('img', { name: TITLE });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1x1}`);
    expect(screen.getByText('4 × 6 in (812 × 1218 dots at 203 dpi)')).toBeTruthy();
    expect(screen.queryByTestId('label-zpl-sketch')).toBeNull();
    expect(screen.queryByTestId('label-zpl-render-failed')).toBeNull();
    expect(labelRenderZpl).toHaveBeenCalledWith({ zpl: ZPL });
  });

  it('names each label when the code holds several', async () => {
    const page = { pngBase64: PNG_1x1, widthDots: 812, heightDots: 1218 };
    renderPreview(async () => ({ ok: true, value: { pages: [page, page], dotsPerMm: 8 } }));
    expect(await screen.findByRole('img', { name: `${TITLE}, label 2 of 2` })).toBeTruthy();
    expect(screen.getByRole('list', { name: `${TITLE}: 2 labels` })).toBeTruthy();
  });

  it('falls back to the approximate sketch, saying the exact render failed and why', async () => {
    renderPreview(async () => ({
      ok: false,
      error: {
        code: 'render_failed',
        message: 'The ZPL could not be drawn: failed to parse zpl command ^GFA.',
      },
    }));
    const line = await screen.findByTestId('label-zpl-render-failed');
    expect(line.textContent).toContain(
      'The exact render failed (The ZPL could not be drawn: failed to parse zpl command ^GFA).',
    );
    const sketch = screen.getByRole('img', { name: `${TITLE} (approximate)` });
    expect(sketch.tagName.toLowerCase()).toBe('svg');
    expect(sketch.querySelectorAll('text').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('label-zpl-image')).toBeNull();

    // The code is still one click away.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show ZPL code' }));
    expect(screen.getByTestId('label-zpl-code').textContent).toBe(ZPL);
  });

  it('falls back the same way when the bridge call itself breaks', async () => {
    renderPreview(() => Promise.reject(new Error('IPC channel closed')));
    const line = await screen.findByTestId('label-zpl-render-failed');
    expect(line.textContent).toContain('The exact render failed (IPC channel closed).');
    expect(screen.getByRole('img', { name: `${TITLE} (approximate)` })).toBeTruthy();
  });

  it('draws a ZPL text once: opening the same label again comes from the cache', async () => {
    const value = {
      pages: [{ pngBase64: PNG_1x1, widthDots: 812, heightDots: 1218 }],
      dotsPerMm: 8,
    };
    const first = renderPreview(async () => ({ ok: true, value }));
    await screen.findByRole('img', { name: TITLE });
    first.view.unmount();
    const second = renderPreview(async () => ({ ok: true, value }), first.queryClient);
    expect(screen.getByRole('img', { name: TITLE })).toBeTruthy();
    expect(first.labelRenderZpl).toHaveBeenCalledTimes(1);
    expect(second.labelRenderZpl).not.toHaveBeenCalled();
  });
});
