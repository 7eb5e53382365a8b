/**
 * The return detail's sections about what happens to the return: the resolution asked for
 * and given with its money, the risk score and its factors, the customer's photos and the
 * events timeline. Each reads the return defensively (these fields are mostly "any").
 */

import { ResolutionBadge } from '../../features/returns/return-badges';
import { returnEvents, returnPhotos, riskFactors } from '../../features/returns/return-values';
import { Card } from '../../ui/card';
import { fieldEntries } from '../../ui/detail-card';
import { DetailList, StatusPill } from '../../ui/detail-list';
import { humanize } from '../../ui/format/formatters';
import { openJson } from '../../ui/format/open-json';
import { OpenField } from '../../ui/format/open-value';
import { Timeline } from '../../ui/timeline';
import type { ReturnSectionProps } from './return-sections';

const asBadge = (resolution: unknown) => <ResolutionBadge resolution={resolution} />;

export function ResolutionSection({ ret, format }: ReturnSectionProps) {
  const currency = ret.currency || null;
  const money = (v: unknown) =>
    openJson.text(v) === null ? null : format.money(openJson.text(v), currency);
  const open = (field: keyof typeof ret, label: string) => ({
    field,
    label,
    value: (
      <OpenField
        label={label}
        name={field}
        value={ret[field]}
        format={format}
        currency={currency}
      />
    ),
  });
  const differs =
    (ret.requested_resolution || null) !== null &&
    (ret.resolution || null) !== null &&
    ret.requested_resolution !== ret.resolution;
  return (
    <Card title="Resolution">
      <DetailList
        entries={[
          ...fieldEntries(ret, [['requested_resolution', 'Requested', asBadge]]),
          {
            field: 'resolution',
            label: 'Actual',
            value: (
              <span className="inline-flex items-center gap-2">
                <ResolutionBadge resolution={ret.resolution} />
                {differs && <span className="text-xs text-warn">differs from the request</span>}
              </span>
            ),
          },
          ...fieldEntries(ret, [
            ['refund_amount', 'Refund', money],
            ['credit_amount', 'Store credit', money],
            ['fee_amount', 'Fee', money],
          ]),
          open('suggested_refund', 'Suggested refund'),
          open('store_credit_code', 'Store credit code'),
          ...fieldEntries(ret, [['exchange_reference', 'Exchange reference']]),
          open('exchange_draft', 'Exchange draft'),
          open('storefront_money', 'Storefront money'),
          ...fieldEntries(ret, [['decision_note', 'Decision note']]),
          {
            field: 'co2e_estimate_kg',
            label: 'CO₂e estimate',
            value:
              typeof ret.co2e_estimate_kg === 'number'
                ? `${format.number(ret.co2e_estimate_kg)} kg`
                : openJson.text(ret.co2e_estimate_kg)
                  ? `${openJson.text(ret.co2e_estimate_kg)} kg`
                  : null,
          },
        ]}
      />
    </Card>
  );
}

export function RiskSection({ ret }: ReturnSectionProps) {
  const factors = riskFactors(ret.risk_factors);
  const score = typeof ret.risk_score === 'number' ? ret.risk_score : null;
  const tone = score === null ? 'neutral' : score >= 70 ? 'danger' : score >= 40 ? 'warn' : 'ok';
  return (
    <Card title="Risk">
      <DetailList
        entries={[
          {
            field: 'risk_score',
            label: 'Score',
            value: score === null ? null : <StatusPill tone={tone}>{score} / 100</StatusPill>,
          },
          {
            field: 'risk_factors',
            label: 'Factors',
            value:
              factors.length === 0 ? (
                'None'
              ) : (
                <ul className="list-inside list-disc">
                  {factors.map((f) => (
                    <li key={f}>{humanize(f)}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Card>
  );
}

export function PhotosSection({ ret }: ReturnSectionProps) {
  const photos = returnPhotos(ret.photos);
  return (
    <Card title="Photos">
      {photos.length === 0 ? (
        <p className="text-sm text-muted">The customer sent no photos.</p>
      ) : (
        // Links, not images: the photos live on the storefront's servers, outside the console.
        <ul className="flex flex-col gap-1 text-sm" aria-label="Photos">
          {photos.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: photos have no id; order is stable
            <li key={i}>
              {p.url ? (
                <a href={p.url} target="_blank" rel="noreferrer noopener" className="underline">
                  {p.label}
                </a>
              ) : (
                <span>{p.label} (no address)</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function EventsSection({ ret, format }: ReturnSectionProps) {
  const events = returnEvents(ret.events);
  return (
    <Card title="Events">
      {events.length === 0 ? (
        <p className="text-sm text-muted">No events yet.</p>
      ) : (
        <Timeline
          label="Return events"
          items={events.map((e) => ({
            key: e.key,
            title: humanize(e.type ?? e.status) ?? 'Event',
            detail: e.note,
            at: e.at,
            aside: e.actor,
          }))}
          current="last"
          format={format}
          testId="return-event"
        />
      )}
    </Card>
  );
}
