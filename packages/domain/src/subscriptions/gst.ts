import { paise, share } from './money.ts';

/**
 * GST of the platform's invoices (CGST Act 2017, IGST Act 2017). A service to a registered
 * business is supplied where the recipient is (IGST Act s.12(2)): its GSTIN's state, else the state
 * of its billing address. Within the supplier's own state the tax is CGST + SGST (half each),
 * between states IGST. Amounts are whole paise; each tax is rounded half up on the invoice's taxable
 * total, so the invoice's lines add up to its total.
 */

/** GST state codes (the first two digits of a GSTIN) and their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand',
  '06': 'Haryana', '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim',
  '12': 'Arunachal Pradesh', '13': 'Nagaland', '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya',
  '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand', '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh',
  '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu', '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa',
  '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry', '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh', '97': 'Other Territory',
};

/** SAC 997331: licensing services for the right to use computer software and databases (the platform sold as a service). */
export const DEFAULT_SAC = '997331';

/** The GST rate of the platform's services, 18 %, in basis points. */
export const GST_RATE_BPS = 1800;

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of the first 14 characters of a GSTIN (the GSTN's mod-36 Luhn). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.trunc(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** Why `gstin` is no GSTIN (its shape, state code or check character), or null when it is one. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'a GSTIN is 15 characters: state code, PAN, entity number, Z, check character';
  if (!GST_STATES[gstin.slice(0, 2)]) return `no state has GST code ${gstin.slice(0, 2)}`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'the check character does not match';
  return null;
}

/** The GST state code of a state's name ('Maharashtra' → '27'), case and spacing ignored; undefined when unknown. */
export function stateCodeOf(name: string): string | undefined {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');
  return Object.keys(GST_STATES).find((code) => GST_STATES[code]!.toLowerCase() === wanted);
}

export interface Party {
  gstin: string | null;
  /** The state of the billing address (a name), used when there is no GSTIN. */
  state: string | null;
}

/** The place of supply: the recipient's GSTIN state, else its billing address's state; undefined when neither is known. */
export function placeOfSupply(recipient: Party): string | undefined {
  if (recipient.gstin && gstinProblem(recipient.gstin) === null) return recipient.gstin.slice(0, 2);
  return recipient.state ? stateCodeOf(recipient.state) : undefined;
}

export interface GstLine {
  description: string;
  sac: string;
  /** Taxable value in paise, after any discount. */
  taxable: number;
}

export interface GstBreakdown {
  /** The supplier's state code and the place of supply's. */
  supplierState: string;
  placeOfSupply: string;
  interState: boolean;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  rateBps: number;
}

/**
 * The taxes of an invoice: CGST and SGST at half the rate each within the supplier's state, IGST
 * at the full rate between states. `supplierGstin` must be valid; `placeOfSupplyCode` is a state code.
 */
export function computeGst(supplierGstin: string, placeOfSupplyCode: string, lines: readonly GstLine[], rateBps = GST_RATE_BPS): GstBreakdown {
  const problem = gstinProblem(supplierGstin);
  if (problem) throw new RangeError(`supplier GSTIN: ${problem}`);
  if (!GST_STATES[placeOfSupplyCode]) throw new RangeError(`no state has GST code ${placeOfSupplyCode}`);
  const taxable = lines.reduce((sum, l) => sum + paise(l.taxable, `taxable value of '${l.description}'`), 0);
  paise(taxable, 'taxable total');
  const supplierState = supplierGstin.slice(0, 2);
  const interState = supplierState !== placeOfSupplyCode;
  const half = share(taxable, rateBps / 2, 10_000);
  const igst = interState ? share(taxable, rateBps, 10_000) : 0;
  const cgst = interState ? 0 : half;
  const sgst = interState ? 0 : half;
  return { supplierState, placeOfSupply: placeOfSupplyCode, interState, taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst, rateBps };
}
