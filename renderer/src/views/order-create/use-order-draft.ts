/**
 * Keeps the create-order draft in the settings (see order-draft.ts for why there): read once
 * when the form opens, written a moment after the person stops typing and at once when a
 * submit fails, removed (JSON Merge Patch `null`) once the order is created.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { settingsKey, useSettings } from '../../features/preferences/use-settings';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { DRAFT_VIEW_KEY, isBlank, restoreDraft, type StoredDraft } from './order-draft';
import type { OrderFormValues } from './order-form-schema';

const SAVE_AFTER_MS = 700;

export function useOrderDraft() {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<OrderFormValues | null>(null);

  // The draft as it was when the form opened; later saves do not reset the form.
  const initialRaw = useRef<unknown>(undefined);
  if (initialRaw.current === undefined && settings.isSuccess) {
    initialRaw.current = settings.data.settings.views[DRAFT_VIEW_KEY] ?? null;
  }
  const initial: StoredDraft | null = useMemo(
    () => (settings.isSuccess ? restoreDraft(initialRaw.current) : null),
    [settings.isSuccess],
  );
  // The draft's reference: the restored draft's, else a new one; a new one after a clear.
  const reference = useRef<string | null>(null);
  if (reference.current === null && settings.isSuccess) {
    reference.current = initial?.reference ?? crypto.randomUUID();
  }

  const write = useCallback(
    async (value: StoredDraft | null) => {
      const view = await callBridge(client, 'settingsUpdate', {
        patch: { views: { [DRAFT_VIEW_KEY]: value } },
      });
      queryClient.setQueryData<SettingsView>(settingsKey, view);
    },
    [client, queryClient],
  );

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    if (!values) return;
    // Nothing typed is not a draft: remove any old one instead of keeping an empty form.
    await write(
      isBlank(values)
        ? null
        : {
            values,
            savedAt: new Date().toISOString(),
            ...(reference.current ? { reference: reference.current } : {}),
          },
    );
  }, [write]);

  /** Saves a moment after the last change (typing must not write the file per key). */
  const schedule = useCallback(
    (values: OrderFormValues) => {
      pending.current = structuredClone(values);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(() => undefined), SAVE_AFTER_MS);
    },
    [flush],
  );

  /** Saves now (a submit failed: the draft must be on disk before anything else happens). */
  const saveNow = useCallback(
    async (values: OrderFormValues) => {
      pending.current = structuredClone(values);
      await flush();
    },
    [flush],
  );

  const clear = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    // The next draft is another order: it gets its own reference.
    reference.current = crypto.randomUUID();
    await write(null);
  }, [write]);

  // Leaving the page keeps what was typed in the last moment too.
  useEffect(() => () => void flush().catch(() => undefined), [flush]);

  /** The reference every create of this draft carries. */
  const currentReference = useCallback(() => {
    reference.current ??= crypto.randomUUID();
    return reference.current;
  }, []);

  return {
    loaded: settings.isSuccess || settings.isError,
    initial,
    schedule,
    saveNow,
    clear,
    reference: currentReference,
  };
}
