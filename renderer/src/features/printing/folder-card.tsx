/**
 * The Save-to-folder printer's folder: chosen with the desktop app's folder dialog or typed
 * as an absolute path (browser mode has no folder picker), or back to the default. The main
 * process creates it on first use.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import { FolderPicker } from '../../ui/files/folder-picker';
import { FormCard } from '../../ui/form-card';
import { InputField, registered } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import { type FolderFormValues, folderFormSchema } from './settings-form-schemas';
import { useSavePrinting } from './use-printing-settings';

export function FolderCard({
  folder,
  inUse,
}: {
  /** The saved folder; null: the default. */
  folder: string | null;
  /** Where Save to folder writes now (the printer's detail), when known. */
  inUse?: string;
}) {
  const { save: savePrinting, problem, busy } = useSavePrinting();
  const form = useForm<FolderFormValues>({
    resolver: zodResolver(folderFormSchema),
    defaultValues: { folder: folder ?? '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ folder: folder ?? '' });
  }, [folder, form]);

  const save = async (next: string | null) => {
    if (!(await savePrinting({ folder: next }))) return;
    form.reset({ folder: next ?? '' });
    toast(next ? `Save to folder writes to ${next}` : 'Save to folder uses the default folder', {
      tone: 'success',
    });
  };

  return (
    <FormCard
      title="Save to folder"
      description="The built-in printer that writes each job as a file, for machines without a printer."
      label="Save to folder"
      onSubmit={form.handleSubmit((v) => save(v.folder.trim()))}
    >
      <InputField
        label="Folder"
        hint={inUse ? `Now writing to ${inUse}.` : 'Empty: Documents/Packbench/Printed.'}
        {...registered(form, 'folder')}
        spellCheck={false}
        placeholder="/home/pack/Labels"
      />
      {problem && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          Not saved: {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" tone="primary" busy={busy}>
          Save folder
        </Button>
        {folder !== null && (
          <Button busy={busy} onClick={() => void save(null)}>
            Use the default folder
          </Button>
        )}
        <FolderPicker
          purpose="print-folder"
          current={inUse ?? folder ?? undefined}
          onPick={(picked) => void save(picked)}
        />
      </div>
    </FormCard>
  );
}
