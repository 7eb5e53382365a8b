/**
 * Settings → Appearance: theme, density and the locale for dates and money, saved in the
 * settings file (ui.theme, ui.density, ui.locale) and applied at once.
 */
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import type { UiPreferences } from '../../../../shared/contract/settings-schema';
import { Card } from '../../ui/card';
import { Options } from '../../ui/form-controls';
import { useFormatters } from '../../ui/format/use-formatters';
import { useUiPreferences, useUpdateUi } from './use-settings';

const LOCALES: [string, string][] = [
  ['', 'The system’s language'],
  ['en-US', 'English (United States)'],
  ['en-GB', 'English (United Kingdom)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['fr-FR', 'Français (France)'],
  ['nl-NL', 'Nederlands (Nederland)'],
  ['es-ES', 'Español (España)'],
  ['it-IT', 'Italiano (Italia)'],
  ['pl-PL', 'Polski (Polska)'],
  ['sv-SE', 'Svenska (Sverige)'],
];

const THEMES: [UiPreferences['theme'], string][] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

const DENSITIES: [UiPreferences['density'], string][] = [
  ['comfortable', 'Comfortable'],
  ['compact', 'Compact'],
  ['station', 'Station (large)'],
];

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly [T, string][];
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend id={id} className="mb-1 text-sm font-medium">
        {props.label}
      </legend>
      <RadioGroup.Root
        aria-labelledby={id}
        value={props.value}
        onValueChange={(v) => props.onChange(v as T)}
        className="flex flex-wrap gap-2"
      >
        {props.options.map(([value, text]) => (
          <label
            key={value}
            htmlFor={`${id}-${value}`}
            className="flex h-control cursor-pointer items-center gap-2 rounded-md border border-line px-3 text-sm has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft"
          >
            <RadioGroup.Item
              id={`${id}-${value}`}
              value={value}
              className="size-4 rounded-full border border-line bg-surface data-[state=checked]:border-accent"
            >
              <RadioGroup.Indicator className="flex size-full items-center justify-center after:size-2 after:rounded-full after:bg-accent" />
            </RadioGroup.Item>
            {text}
          </label>
        ))}
      </RadioGroup.Root>
    </fieldset>
  );
}

export function AppearanceSection() {
  const ui = useUiPreferences();
  const update = useUpdateUi();
  const format = useFormatters();
  const localeId = useId();
  const set = (patch: Partial<UiPreferences>) => update.mutate(patch);
  return (
    <Card title="Appearance" description="Saved for this computer and applied at once.">
      <div className="flex flex-col gap-pad">
        <Choice
          label="Theme"
          value={ui.theme}
          options={THEMES}
          onChange={(theme) => set({ theme })}
        />
        <Choice
          label="Density"
          value={ui.density}
          options={DENSITIES}
          onChange={(density) => set({ density })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={localeId} className="text-sm font-medium">
            Dates and numbers
          </label>
          <select
            id={localeId}
            value={ui.locale ?? ''}
            onChange={(e) => set({ locale: e.target.value === '' ? null : e.target.value })}
            className="h-control max-w-sm rounded-md border border-line bg-surface px-2 text-sm"
          >
            <Options items={LOCALES} value={([value]) => value} label={([, text]) => text} />
          </select>
          <p className="text-sm text-muted" data-testid="locale-preview">
            For example: {format.dateTime(new Date())} · {format.money('1234.5', 'EUR')} ·{' '}
            {format.number(2013)} orders
          </p>
        </div>
      </div>
    </Card>
  );
}
