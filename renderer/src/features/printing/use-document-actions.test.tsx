// @vitest-environment jsdom
/**
 * A document saved in the renderer (a return's label) goes to the browser's downloads: the
 * toast names the file and says where it went, as the desktop app's exports do.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { useToastStore } from '../../ui/toast-store';
import { SAVED_WHERE, useSaveRequest } from './use-document-actions';

describe('a saved document', () => {
  it('says the file and where it went', async () => {
    const { wrapper } = bridgeWrapper(stubClient({}));
    const file = {
      fileName: 'RMA-00042.pdf',
      contentType: 'application/pdf',
      size: 9,
      base64: 'JVBERi0=',
    };
    const hook = renderHook(() => useSaveRequest(async () => file, 'not saved'), { wrapper });
    act(() => hook.result.current.mutate());
    await waitFor(() =>
      expect(useToastStore.getState().toasts.some((t) => t.title === 'Saved RMA-00042.pdf')).toBe(
        true,
      ),
    );
    const shown = useToastStore.getState().toasts.find((t) => t.title === 'Saved RMA-00042.pdf');
    expect(shown?.description).toBe(SAVED_WHERE);
  });
});
