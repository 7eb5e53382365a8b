/**
 * Saved views: the current filters (stage included) kept under a name the person chooses,
 * applied from a menu and deleted from a small manager. Saving under an existing name
 * replaces that view. Kept in the settings file with the rest of the view.
 */
import { Bookmark, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MAX_VIEW_NAME, type SavedView } from '../../features/orders/view-settings';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/dropdown-menu';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

export function SavedViewsMenu({
  views,
  onApply,
  onSave,
  onDelete,
}: {
  views: readonly SavedView[];
  onApply(view: SavedView): void;
  onSave(name: string): void;
  onDelete(id: string): void;
}) {
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <>
      <Menu modal={false}>
        <MenuTrigger asChild>
          <Button>
            <Bookmark aria-hidden className="size-4" />
            Saved views
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>Apply a saved view</MenuLabel>
          {views.length === 0 && <p className="px-2 py-1.5 text-sm text-muted">None saved yet.</p>}
          {views.map((view) => (
            <MenuItem key={view.id} onSelect={() => onApply(view)}>
              {view.name}
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuItem
            onSelect={() => {
              setName('');
              setError(undefined);
              setSaving(true);
            }}
          >
            Save current filters as…
          </MenuItem>
          <MenuItem disabled={views.length === 0} onSelect={() => setManaging(true)}>
            Manage saved views…
          </MenuItem>
        </MenuContent>
      </Menu>

      <Dialog
        open={saving}
        onOpenChange={setSaving}
        title="Save view"
        description="The stage and every filter now in force, under a name."
      >
        <form
          noValidate
          className="flex flex-col gap-gap"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') {
              setError('Give the view a name.');
              return;
            }
            onSave(name.trim());
            setSaving(false);
          }}
        >
          <FormField
            label="Name"
            error={error}
            hint={
              views.some((v) => v.name.toLowerCase() === name.trim().toLowerCase())
                ? 'Replaces the view with this name.'
                : undefined
            }
          >
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={MAX_VIEW_NAME}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setSaving(false)}>Cancel</Button>
            <Button type="submit" tone="primary">
              Save view
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={managing} onOpenChange={setManaging} title="Saved views">
        {views.length === 0 ? (
          <p className="text-sm text-muted">No saved views.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {views.map((view) => (
              <li key={view.id} className="flex items-center gap-2 text-sm">
                <span className="flex-1">{view.name}</span>
                <Button
                  tone="ghost"
                  aria-label={`Delete ${view.name}`}
                  onClick={() => onDelete(view.id)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
