/** The choices an event offers its organiser: what kind of event it is, and when the gates open. */
export const eventTypes = [
  { value: 'sports', label: 'Sport Event' },
  { value: 'concert', label: 'Concert' },
  { value: 'festival', label: 'Festival' },
  { value: 'conference', label: 'Conference' },
  { value: 'comedy', label: 'Comedy Show' },
  { value: 'speaker', label: 'Speaker' },
  { value: 'other', label: 'Other' },
] as const;
export const eventTypeValues = eventTypes.map((t) => t.value) as [
  (typeof eventTypes)[number]['value'],
  ...(typeof eventTypes)[number]['value'][],
];
export type EventType = (typeof eventTypeValues)[number];

/** Gate time: hours before start, stored negative (design §8). */
export const gateTimes = [
  { value: -3, label: '3 hours before event start' },
  { value: -2, label: '2 hours before event start' },
  { value: -1, label: '1 hour before event start' },
  { value: -0.75, label: '45 minutes before event start' },
  { value: -0.5, label: '30 minutes before event start' },
  { value: -0.25, label: '15 minutes before event start' },
] as const;

/** The label people read for an event type (Sport Event, Comedy Show…). */
export const eventTypeLabel = (value: string) => eventTypes.find((t) => t.value === value)?.label ?? value;
