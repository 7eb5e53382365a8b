/** What every detail section gets: the order as the API sent it and the locale formatters. */
import type { Api } from '../../../../../shared/contract/values';
import type { Formatters } from '../../../ui/format/formatters';

export interface SectionProps {
  order: Api['Order'];
  format: Formatters;
}
