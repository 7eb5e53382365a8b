/** Every paper a route or a job can ask for, as a select's choices, in the order MEDIA_LABELS gives. */
import { Options } from '../../ui/form-controls';
import { MEDIA_LABELS } from './route-summary';

const MEDIA = Object.keys(MEDIA_LABELS) as (keyof typeof MEDIA_LABELS)[];

export function MediaOptions() {
  return <Options items={MEDIA} value={(m) => m} label={(m) => MEDIA_LABELS[m]} />;
}
