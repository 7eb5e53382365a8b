/**
 * The pack gate on screen: full width and red while the order must not be packed, each reason
 * in words with the order's stage and when it began; nothing is counted or printed behind it
 * (use-pack-session.ts). Passing it is deliberate: Ctrl+Enter (no scanner types it) opens a
 * short list of reasons, the one picked goes into the pack log with who and when. A gate the
 * station's settings make unskippable says so and offers no override.
 */
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { GATE_WORDS, OVERRIDE_REASONS } from '../../features/packing/pack-gate';
import type { GateState } from '../../features/packing/use-pack-gate';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { useFormatters } from '../../ui/format/use-formatters';
import { Kbd } from '../../ui/kbd';

export function PackGatePanel({
  gate,
  choosing,
  onChoosing,
  onOverride,
  onRetry,
}: {
  gate: GateState;
  choosing: boolean;
  onChoosing(open: boolean): void;
  onOverride(reason: string): void;
  onRetry(): void;
}) {
  const format = useFormatters();
  if (gate.kind === 'checking') {
    return <GateBox state="checking">Checking the order is still to be shipped…</GateBox>;
  }
  if (gate.kind === 'failed') {
    return (
      <GateBox state="failed">
        <div className="flex-1">
          <p className="text-xl font-semibold">Could not check the order: do not pack it yet</p>
          <p className="text-base">{gate.message}</p>
        </div>
        <Button onClick={onRetry}>Check again</Button>
      </GateBox>
    );
  }
  if (gate.kind === 'passed') return null;
  const { stage } = gate;
  return (
    <section
      role="alert"
      aria-labelledby="pack-gate-title"
      data-testid="pack-gate"
      data-gate="blocked"
      data-kinds={gate.reasons.map((r) => r.kind).join(' ')}
      className="flex flex-col gap-2 rounded-md border-4 border-danger bg-danger-soft px-4 py-3"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden className="size-10 shrink-0 text-danger" />
        <div className="min-w-0 flex-1">
          <h2 id="pack-gate-title" className="text-2xl font-bold">
            Stop: do not pack this order
          </h2>
          <p className="text-base" data-testid="pack-gate-stage">
            Stage: {stage.words}
            {stage.since ? ` since ${format.dateTime(stage.since)}` : ''}. Nothing is counted or
            printed.
          </p>
        </div>
      </div>
      <ul className="flex flex-col gap-1.5">
        {gate.reasons.map((r) => (
          <li key={r.kind} data-testid="pack-gate-reason" data-kind={r.kind}>
            <p className="text-xl font-semibold">{r.title}</p>
            <p className="text-base">
              {r.detail}
              {!r.skippable && ' This cannot be overridden at the station.'}
            </p>
          </li>
        ))}
      </ul>
      <p className="text-base">
        {gate.overridable ? (
          <>
            To pack it anyway, press <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd> and pick why: it goes in the
            pack log with your name.{' '}
            <Button tone="secondary" onClick={() => onChoosing(true)}>
              Override…
            </Button>
          </>
        ) : (
          'Put the items back and scan the next order. A supervisor can change which stops can be overridden in Settings → Station.'
        )}
      </p>
      <OverrideDialog
        open={choosing && gate.overridable}
        onOpenChange={onChoosing}
        gates={gate.reasons.map((r) => GATE_WORDS[r.kind]).join(', ')}
        onPick={onOverride}
      />
    </section>
  );
}

/** The gate's box while it checks (a status) and when it could not check (an alert). */
const GATE_BOXES = {
  checking: { role: 'status', className: 'border-line bg-surface text-xl font-semibold' },
  failed: {
    role: 'alert',
    className: 'flex flex-wrap items-center gap-3 border-danger bg-danger-soft',
  },
} as const;

function GateBox({ state, children }: { state: keyof typeof GATE_BOXES; children: ReactNode }) {
  const box = GATE_BOXES[state];
  return (
    <div
      role={box.role}
      data-testid="pack-gate"
      data-gate={state}
      className={cn('rounded-md border-2 px-4 py-3', box.className)}
    >
      {children}
    </div>
  );
}

function OverrideDialog({
  open,
  onOpenChange,
  gates,
  onPick,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  gates: string;
  onPick(reason: string): void;
}) {
  const [picked, setPicked] = useState<string>(OVERRIDE_REASONS[0]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Pack it anyway?"
      description={`Overriding: ${gates}. The reason you pick is kept in the pack log with your name and the time.`}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onPick(picked);
        }}
      >
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-semibold">Why</legend>
          {OVERRIDE_REASONS.map((reason, i) => (
            <label key={reason} className="flex items-center gap-2 text-base">
              <input
                type="radio"
                name="override-reason"
                value={reason}
                checked={picked === reason}
                onChange={() => setPicked(reason)}
                autoFocus={i === 0}
              />
              {reason}
            </label>
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" tone="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" tone="danger">
            Override and pack
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
