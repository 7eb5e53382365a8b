/**
 * The scan bar's packer: who is signed in at the station, and a dialog to sign in by name
 * (typed, or picked from the station's packers) or to sign out. A badge scanned anywhere signs
 * in without it (use-scan-action.ts).
 */
import { UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { usePacker } from './packer';

export function PackerSignIn() {
  const { packer, packers, signIn } = usePacker();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (open) {
      setName('');
      setProblem(null);
    }
  }, [open]);

  const submit = async (who: string) => {
    if (who.trim() === '') {
      setProblem('Type your name, or scan your badge.');
      return;
    }
    const outcome = await signIn(who);
    if (!outcome.ok) {
      setProblem(outcome.message);
      return;
    }
    setOpen(false);
    toast(`${outcome.name} is packing at this station`, { tone: 'success' });
  };

  return (
    <>
      <button
        type="button"
        data-testid="packer"
        onClick={() => setOpen(true)}
        title={
          packer
            ? 'Packs are logged with this name. Switch: scan another badge, or click'
            : 'Sign in so your packs are logged with your name (or scan your badge)'
        }
        className={cn(
          'inline-flex shrink-0 items-center gap-1.5 rounded-md border px-2 py-1 text-sm',
          packer ? 'border-line text-fg' : 'border-warn bg-warn-soft text-fg',
        )}
      >
        <UserRound aria-hidden className="size-4" />
        {packer ? (
          <>
            Packer: <strong className="font-semibold">{packer}</strong>
          </>
        ) : (
          'Packer: sign in'
        )}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Who is packing?"
        description="Type your name, or scan your badge (a code starting PKR-). Packs are logged with it until someone else signs in."
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(name);
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Your name
            </label>
            <Input
              id={id}
              value={name}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              data-testid="packer-name"
            />
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
                {problem}
              </p>
            )}
          </div>
          {packers.length > 0 && (
            <ul aria-label="This station's packers" className="flex flex-wrap gap-1">
              {packers.map((p) => (
                <li key={p.badge}>
                  <Button onClick={() => void submit(p.name)}>{p.name}</Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end gap-2">
            {packer && (
              <Button
                tone="ghost"
                onClick={() => {
                  void signIn('').then(() => setOpen(false));
                }}
              >
                Sign {packer} out
              </Button>
            )}
            <Button type="submit" tone="primary">
              Sign in
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
