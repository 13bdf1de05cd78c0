// rrule ships CommonJS to Node; its named ESM exports are not visible there.
import rrule from 'rrule';

export const { RRule } = rrule;
