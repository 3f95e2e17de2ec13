import { FEED_INTERVAL_MINUTES } from '@pricehunt/contracts';
import { useId } from 'react';

export type IntervalUnit = 'min' | 'h' | 'day';
const UNIT_MINUTES: Record<IntervalUnit, number> = { min: 1, h: 60, day: 24 * 60 };
const UNIT_NAMES: Record<IntervalUnit, string> = { min: 'minutes', h: 'hours', day: 'days' };

/** What the interval inputs hold: the number as typed, and its unit. */
export interface IntervalValue {
  amount: string;
  unit: IntervalUnit;
}

/** An interval in the largest unit that divides it: 360 → 6 hours, 2880 → 2 days, 90 → 90 minutes. */
export function intervalValueOf(minutes: number): IntervalValue {
  if (minutes % UNIT_MINUTES.day === 0) return { amount: String(minutes / UNIT_MINUTES.day), unit: 'day' };
  if (minutes % UNIT_MINUTES.h === 0) return { amount: String(minutes / UNIT_MINUTES.h), unit: 'h' };
  return { amount: String(minutes), unit: 'min' };
}

/**
 * The minutes to send for what was typed. Whatever it is goes to the API as it is (NaN is sent as null), so the
 * API's message about `intervalMinutes` is the one shown.
 */
export function intervalMinutesOf(value: IntervalValue): number {
  const amount = value.amount.trim() === '' ? Number.NaN : Number(value.amount);
  return Math.round(amount * UNIT_MINUTES[value.unit] * 1000) / 1000;
}

export const DEFAULT_INTERVAL: IntervalValue = intervalValueOf(FEED_INTERVAL_MINUTES.fallback);

/** "Refresh every [6] [hours]": the number is the labelled field; its error and hint are read with it. */
export function IntervalField({ value, onChange, error }: { value: IntervalValue; onChange(value: IntervalValue): void; error?: string | null }) {
  const id = `interval-${useId()}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'ph-field ph-field--invalid' : 'ph-field'}>
      <label className="ph-field__label" htmlFor={id}>
        Refresh every
      </label>
      <div className="adm-interval">
        <input
          id={id}
          className="ph-field__input"
          type="number"
          inputMode="numeric"
          step="any"
          value={value.amount}
          onChange={(event) => onChange({ ...value, amount: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <label className="ph-visually-hidden" htmlFor={`${id}-unit`}>
          Interval unit
        </label>
        <select id={`${id}-unit`} className="ph-field__input" value={value.unit} onChange={(event) => onChange({ ...value, unit: event.target.value as IntervalUnit })}>
          {(Object.keys(UNIT_NAMES) as IntervalUnit[]).map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_NAMES[unit]}
            </option>
          ))}
        </select>
      </div>
      <p id={hintId} className="ph-field__hint">
        From 5 minutes to 7 days.
      </p>
      {error ? (
        <p id={errorId} className="ph-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
