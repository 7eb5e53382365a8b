/** The returns' API types and the value sets of their enums (the spec's, in its order). */
import type { components } from '../../../shared/api/schema.gen';

// The value sets come from the OpenAPI description (blank left out), under the sandbox's names.
export {
  RETURN_REQUEST_REASON as RETURN_REASONS,
  RETURN_REQUEST_RESOLUTION as RETURN_RESOLUTIONS,
  RETURN_REQUEST_SOURCE as RETURN_SOURCES,
  RETURN_REQUEST_STATUS as RETURN_STATUSES,
} from '../../../shared/api/enums.gen';

type S = components['schemas'];
export type ReturnRequest = S['ReturnRequest'];
/** A line as the sandbox builds it: its id always present. */
export type ReturnLine = S['ReturnRequestLine'] & { id: number };
export type ReturnStatus = ReturnRequest['status'];
export type ReturnSource = ReturnRequest['source'];
export type ReturnResolution = ReturnRequest['resolution'];
export type ReturnReason = NonNullable<ReturnRequest['reason']>;

/** One entry of a return's `events` timeline (shape "not shown" in the spec). */
export interface ReturnEvent {
  type: string;
  status: ReturnStatus;
  at: string;
  actor: string;
  note: string;
}
