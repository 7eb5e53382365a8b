/**
 * The printing part of the settings: read from the one settings query, changed through
 * settingsUpdate with a JSON merge patch naming only what changed. A change of network
 * printers, folder or printer language changes the printer list, so that is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PrintingSettings,
  printingPatchSchema,
} from '../../../../shared/contract/printing-settings';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { settingsKey, useSettings } from '../preferences/use-settings';
import { printersKey } from './use-printers';

export type PrintingPatch = z.input<typeof printingPatchSchema>;

export function usePrintingSettings(): PrintingSettings | undefined {
  return useSettings().data?.settings.printing;
}

export function useUpdatePrinting() {
  const client = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (printing: PrintingPatch) =>
      callBridge(client, 'settingsUpdate', { patch: { printing } }),
    onSuccess: (view: SettingsView) => {
      queryClient.setQueryData(settingsKey, view);
      void queryClient.invalidateQueries({ queryKey: printersKey });
    },
  });
}
