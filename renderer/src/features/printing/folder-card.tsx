/**
 * The Save-to-folder printer's folder: chosen with the desktop app's folder dialog or typed
 * as an absolute path (browser mode has no folder picker), or back to the default. The main
 * process creates it on first use.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { FolderPicker } from '../../ui/files/folder-picker';
import { FormCard } from '../../ui/form-card';
import { InputField, registered } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import { type FolderFormValues, folderFormSchema } from './settings-form-schemas';
import { useUpdatePrinting } from './use-printing-settings';

export function FolderCard({
  folder,
  inUse,
}: {
  /** The saved folder; null: the default. */
  folder: string | null;
  /** Where Save to folder writes now (the printer's detail), when known. */
  inUse?: string;
}) {
  const update = useUpdatePrinting();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FolderFormValues>({
    resolver: zodResolver(folderFormSchema),
    defaultValues: { folder: folder ?? '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ folder: folder ?? '' });
  }, [folder, form]);

  const save = async (next: string | null) => {
    setProblem(null);
    try {
      await update.mutateAsync({ folder: next });
      form.reset({ folder: next ?? '' });
      toast(next ? `Save to folder writes to ${next}` : 'Save to folder uses the default folder', {
        tone: 'success',
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
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
        <Button type="submit" tone="primary" busy={update.isPending}>
          Save folder
        </Button>
        {folder !== null && (
          <Button busy={update.isPending} onClick={() => void save(null)}>
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
