/**
 * Settings → Station → Scanner: the key the scanner sends before each code and the one after
 * it. Pressing the key in the box records it (F13, Ctrl+]); its name can also be typed. A
 * key people type (a letter, Enter, an arrow) is refused with the reason, and nothing is
 * saved until the value is one a person never types. Saved on Enter or when the box is left.
 */
import { useState } from 'react';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useSettings, useUpdateSettingsPart } from '../preferences/use-settings';
import { chordOf, chordProblem, formatChord, parseChord } from './scan-keys';

type Which = 'prefix' | 'suffix';

const ROWS: readonly { which: Which; label: string; hint: string }[] = [
  {
    which: 'prefix',
    label: 'Key before each code',
    hint: 'None (scans told by speed)',
  },
  { which: 'suffix', label: 'Key after each code', hint: 'None (Enter or Tab)' },
];

/** Keys that keep their usual job in the box (moving on, saving, editing the text). */
const BOX_KEYS = new Set([
  'Tab',
  'Enter',
  'Escape',
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
]);

/** Why `text` cannot be saved, or null (empty text is "none" and always fine). */
function problemOf(text: string): string | null {
  if (text.trim() === '') return null;
  const chord = parseChord(text);
  if (!chord)
    return `“${text}” is not a key. Press the key in the box, or type a name like F13 or Ctrl+].`;
  return chordProblem(chord);
}

function ChordBox({ which, label, hint }: { which: Which; label: string; hint: string }) {
  const settings = useSettings();
  const update = useUpdateSettingsPart('scanner');
  const saved = settings.data?.settings.scanner?.[which] ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? saved;
  const problem = draft === null ? null : problemOf(draft);
  const id = `scanner-${which}`;
  const save = (value: string) => {
    const next = value.trim() === '' ? '' : formatChord(parseChord(value)!);
    if (problemOf(value) !== null) return;
    setDraft(null);
    if (next === saved) return;
    update.mutate(
      { [which]: next },
      {
        onError: (error) =>
          toast('The scanner key was not saved', {
            tone: 'error',
            description: errorMessage(error),
          }),
      },
    );
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <Input
            id={id}
            value={text}
            maxLength={40}
            placeholder={hint}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            className="w-64 font-mono"
            data-testid={id}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => {
              if (draft !== null) save(draft);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                save(text);
                return;
              }
              if (e.key === 'Escape') {
                setDraft(null);
                return;
              }
              // A key that types nothing (F13) or a key with Ctrl/Alt: the scanner's key itself.
              const named = e.key.length > 1 && !BOX_KEYS.has(e.key);
              if (!named && !e.ctrlKey && !e.altKey && !e.metaKey) return;
              const chord = chordOf({
                key: e.key,
                code: e.code,
                ctrl: e.ctrlKey,
                alt: e.altKey,
                shift: e.shiftKey,
                meta: e.metaKey,
              });
              if (!chord) return;
              e.preventDefault();
              setDraft(formatChord(chord));
            }}
          />
          <Button
            tone="ghost"
            disabled={text === '' || update.isPending}
            title={text === '' ? 'No key is set' : undefined}
            onClick={() => save('')}
          >
            Clear
          </Button>
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
    </>
  );
}

export function ScannerCard() {
  return (
    <Card title="Scanner" level={3}>
      <p className="mb-3 max-w-2xl text-sm text-muted">
        Many scanners can send a key before and after each code. Set the same keys here and every
        scan is recognised for sure, however busy the computer is. Click a box and press the key.
      </p>
      <div className="grid max-w-2xl grid-cols-[auto_1fr] items-start gap-x-4 gap-y-3 text-sm [&>label]:pt-2">
        {ROWS.map((row) => (
          <ChordBox key={row.which} {...row} />
        ))}
      </div>
    </Card>
  );
}
