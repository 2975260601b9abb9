import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createHourlyClock, type HourlyClock } from './hourly-clock.ts';
import { GreetingView, type GreetingViewProps } from './greeting-view.tsx';

/** Props of {@link Greeting}: those of {@link GreetingView} without `time`, which the clock gives. @public */
export interface GreetingProps extends Omit<GreetingViewProps, 'time'> {
  /** The clock to read; by default one that follows the device's time. */
  clock?: HourlyClock;
}

/**
 * The connected greeting: it follows the clock's signal, so the salutation changes on the hour.
 * @public
 */
export function Greeting({ clock: given, ...props }: GreetingProps) {
  useSignals();
  // A clock of its own costs one signal and no timer until started, so it is made even when one is given.
  const [own] = useState(createHourlyClock);
  const clock = given ?? own;
  useEffect(() => clock.start(), [clock]);
  return <GreetingView {...props} time={clock.now.value} />;
}
