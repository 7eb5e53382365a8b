/**
 * Settings → Station, "Packers": the badges that sign a packer in with one scan (a code
 * starting PKR-, e.g. printed on their ID card) and the name each signs in. A name can always
 * be typed instead (the scan bar's Packer button).
 */
import { useState } from 'react';
import { BADGE_PATTERN } from '../../../../shared/contract/station-settings';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useStationSettings, useUpdateStation } from './use-station-settings';

export function PackersCard() {
  const station = useStationSettings();
  const update = useUpdateStation();
  const [badge, setBadge] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ badge?: string; name?: string; save?: string }>({});

  const save = (packers: { badge: string; name: string }[], after?: () => void) =>
    update.mutate(
      { packers },
      {
        onSuccess: () => after?.(),
        onError: (error) => setProblem({ save: `Not saved: ${errorMessage(error)}` }),
      },
    );

  const add = () => {
    const code = badge.trim().toUpperCase();
    const who = name.trim();
    const wrong: typeof problem = {};
    if (!BADGE_PATTERN.test(code))
      wrong.badge = 'A badge is PKR- then letters or digits, e.g. PKR-0042.';
    else if (station.packers.some((p) => p.badge === code))
      wrong.badge = `${code} is already set up.`;
    if (who === '') wrong.name = 'The name the badge signs in.';
    setProblem(wrong);
    if (wrong.badge || wrong.name) return;
    save([...station.packers, { badge: code, name: who }], () => {
      setBadge('');
      setName('');
    });
  };

  return (
    <Card
      title="Packers"
      level={3}
      description="Scanning a badge signs its packer in at this station; packs are logged with their name. Switching packer is one scan."
    >
      {station.packers.length > 0 ? (
        <ul aria-label="Badges" className="mb-3 flex flex-col gap-1 text-sm" data-testid="packers">
          {station.packers.map((p) => (
            <li key={p.badge} className="flex items-center gap-3">
              <span className="w-32 font-mono">{p.badge}</span>
              <span className="flex-1">{p.name}</span>
              <Button
                tone="ghost"
                aria-label={`Remove ${p.name}'s badge`}
                onClick={() => save(station.packers.filter((q) => q.badge !== p.badge))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-muted">No badges yet: packers sign in by name.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <FormField label="Badge" error={problem.badge}>
          {(field) => (
            <Input
              {...field}
              value={badge}
              maxLength={40}
              placeholder="e.g. PKR-0042"
              className="w-40 font-mono"
              onChange={(e) => setBadge(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Name" error={problem.name}>
          {(field) => (
            <Input
              {...field}
              value={name}
              maxLength={80}
              className="w-56"
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" busy={update.isPending}>
          Add badge
        </Button>
      </form>
      {problem.save && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem.save}
        </p>
      )}
    </Card>
  );
}
