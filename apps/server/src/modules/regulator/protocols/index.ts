import type { RegulatorProtocol } from '@enviro/contracts/regulator';
import { cpcbOdams } from './cpcb-odams.ts';
import { cpcbRtdms } from './cpcb-rtdms.ts';
import { genericJson } from './generic-json.ts';
import type { ProtocolAdapter } from './protocol.ts';

/** Every protocol by name. A new protocol: one file beside these, a line here, its name in the contract's RegulatorProtocol. */
export const PROTOCOLS: Record<RegulatorProtocol, ProtocolAdapter> = {
  CPCB_ODAMS: cpcbOdams,
  CPCB_RTDMS: cpcbRtdms,
  GENERIC_JSON: genericJson,
};
