import { paise } from './money.ts';
import { monthsOf, type Term } from './terms.ts';

/**
 * The plans sold and their versions. A plan's price changes by a new version effective from a day;
 * a subscriber keeps the version (and so the price) it bought until its renewal, when it moves to
 * the version in force on the renewal day.
 */
export interface PlanVersion {
  planCode: string;
  version: number;
  /** First day (India) the version is sold at. */
  effectiveFrom: string;
  /** Price of the base plan for a month and for a year, in paise (a year is usually cheaper than 12 months). */
  monthly: number;
  annual: number;
  /** Stations the base plan covers. */
  includedStations: number;
  /** Per add-on station and per add-on camera, per month, in paise; a year is 12 months of them. */
  stationAddOnMonthly: number;
  cameraAddOnMonthly: number;
  /** SAC of the service on invoices. */
  sac: string;
}

export interface AddOns {
  stations: number;
  cameras: number;
}

/** The version of a plan sold on `day`: the latest effective on or before it; undefined before the first. */
export function versionInForce(versions: readonly PlanVersion[], day: string): PlanVersion | undefined {
  let best: PlanVersion | undefined;
  for (const v of versions) if (v.effectiveFrom <= day && (!best || v.effectiveFrom > best.effectiveFrom || (v.effectiveFrom === best.effectiveFrom && v.version > best.version))) best = v;
  return best;
}

/**
 * The version a subscription is billed at for a term starting on `day`: its own version while the
 * term it bought runs (`renewal` false: an add-on bought mid-term, an upgrade's credit), the
 * version in force on that day when it renews.
 */
export function versionForTerm(versions: readonly PlanVersion[], own: PlanVersion, day: string, renewal: boolean): PlanVersion {
  if (!renewal) return own;
  return versionInForce(versions.filter((v) => v.planCode === own.planCode), day) ?? own;
}

export interface PriceLine {
  description: string;
  sac: string;
  quantity: number;
  /** Price of one, in paise, for the term. */
  unit: number;
  amount: number;
}

/** The lines of a term of `version` with `addOns`: the base plan, add-on stations, add-on cameras (those bought). */
export function termLines(version: PlanVersion, term: Term, addOns: AddOns): PriceLine[] {
  if (!Number.isInteger(addOns.stations) || addOns.stations < 0) throw new RangeError('add-on stations must be a whole number from 0');
  if (!Number.isInteger(addOns.cameras) || addOns.cameras < 0) throw new RangeError('add-on cameras must be a whole number from 0');
  const months = monthsOf(term);
  const label = term === 'ANNUAL' ? 'year' : 'month';
  const base = paise(term === 'ANNUAL' ? version.annual : version.monthly, 'plan price');
  const lines: PriceLine[] = [
    { description: `Plan ${version.planCode} v${version.version}, ${version.includedStations} stations, one ${label}`, sac: version.sac, quantity: 1, unit: base, amount: base },
  ];
  const add = (description: string, quantity: number, monthly: number) => {
    if (quantity === 0) return;
    const unit = paise(monthly * months, description);
    lines.push({ description, sac: version.sac, quantity, unit, amount: paise(unit * quantity, description) });
  };
  add(`Add-on station, one ${label}`, addOns.stations, version.stationAddOnMonthly);
  add(`Add-on camera, one ${label}`, addOns.cameras, version.cameraAddOnMonthly);
  return lines;
}

/** The price of a term before discount and tax: the sum of its lines. */
export function termPrice(version: PlanVersion, term: Term, addOns: AddOns): number {
  return paise(termLines(version, term, addOns).reduce((s, l) => s + l.amount, 0), 'term price');
}

/** Stations a subscription covers: the plan's plus the add-on stations. */
export function coveredStations(version: PlanVersion, addOns: AddOns): number {
  return version.includedStations + addOns.stations;
}

/** RBI's limit for a recurring e-mandate debit without the payer's extra authentication: ₹15,000, in paise. */
export const E_MANDATE_LIMIT = 15_000_00;

/**
 * How a renewal is collected: debited on the e-mandate the subscriber authorised, when it has one
 * and the amount is within RBI's limit; by a payment link mailed to it otherwise.
 */
export function renewalChannel(total: number, hasMandate: boolean): 'MANDATE' | 'PAYMENT_LINK' {
  return hasMandate && total <= E_MANDATE_LIMIT ? 'MANDATE' : 'PAYMENT_LINK';
}
