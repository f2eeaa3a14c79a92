import type { CounterBuffer, CounterKind } from '../tracking/counter-buffer.ts';
import { flushAdEvents, type AdEvent } from './ad-events.repository.ts';

const adEvents: CounterKind<AdEvent> = {
  // The same decision's same event is one, however often it comes.
  merge: (into, more) => into ?? more,
  flush: flushAdEvents,
};

/** Registers the ads' impressions and clicks with the counter buffer; answers how to count one. */
export function adEventCounter(counters: CounterBuffer): (event: AdEvent) => void {
  counters.register('ad events', adEvents);
  return (event) => counters.add('ad events', `${event.decision}|${event.kind}`, event);
}
