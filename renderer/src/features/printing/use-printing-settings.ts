/**
 * The printing part of the settings: read from the one settings query, changed through
 * settingsUpdate with a JSON merge patch naming only what changed. A change of network
 * printers, folder or printer language changes the printer list, so that is read again.
 */
import { useState } from 'react';
import type { z } from 'zod';
import type {
  PrintingSettings,
  printingPatchSchema,
} from '../../../../shared/contract/printing-settings';
import type { SettingsView } from '../../../../shared/contract/settings-schema';
import { errorMessage } from '../../query/bridge-call';
import { useSettings, useUpdateSettingsPart } from '../preferences/use-settings';
import { printersKey } from './use-printers';

export type PrintingPatch = z.input<typeof printingPatchSchema>;

export function usePrintingSettings(): PrintingSettings | undefined {
  return useSettings().data?.settings.printing;
}

export function useUpdatePrinting() {
  return useUpdateSettingsPart('printing', (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: printersKey });
  });
}

/**
 * A printing form's save: the change, answered with the saved settings (null when it failed);
 * a failure is kept as the form's problem, said under it until the next try.
 */
export function useSavePrinting() {
  const update = useUpdatePrinting();
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (patch: PrintingPatch): Promise<SettingsView | null> => {
    setProblem(null);
    try {
      return await update.mutateAsync(patch);
    } catch (error) {
      setProblem(errorMessage(error));
      return null;
    }
  };
  return { save, problem, busy: update.isPending };
}
