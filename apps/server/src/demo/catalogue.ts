import type { TenantStatus } from '@enviro/contracts/common';
import type { DemoStationType } from './station-templates.ts';

/** The state pollution control board every demo industry reports to. */
export const DEMO_STATUTORY = {
  name: 'Rajasthan State Pollution Control Board',
  state: 'Rajasthan',
  city: 'Jaipur',
} as const;

/**
 * Why a station is quiet at the end of the history: 'offline' stopped reporting days ago (and the
 * live feed and the simulator keep it so), 'delayed' a few hours ago (they bring it back).
 */
export type Silence = 'offline' | 'delayed';

export interface DemoStation {
  type: DemoStationType;
  name: string;
  /** Unit's capacity, in the unit natural to the station (TPD, MW, KLD, m3/hr...). */
  capacity: number;
  /** The unit is shut down (SPEC 4: a station operates unless Operational is 'False'). */
  shutDown?: boolean;
  silence?: Silence;
}

export interface DemoIndustry {
  name: string;
  category: string;
  city: string;
  status: TenantStatus;
  facility: string;
  stations: DemoStation[];
}

export const DEMO_INDUSTRIES: DemoIndustry[] = [
  {
    name: 'Aravali Cement Works Ltd',
    category: 'Cement',
    city: 'Beawar',
    status: 'ENABLED',
    facility: 'Beawar Integrated Cement Plant',
    stations: [
      { type: 'cems', name: 'Kiln & Raw Mill Stack', capacity: 8000 },
      { type: 'cems', name: 'Clinker Cooler Stack', capacity: 8000 },
      { type: 'caaqms', name: 'AAQMS Near Mines Gate', capacity: 1 },
      { type: 'Energy Meter', name: 'Main Incomer 132 kV', capacity: 45 },
    ],
  },
  {
    name: 'Chittor Portland Cement Ltd',
    category: 'Cement',
    city: 'Chittorgarh',
    status: 'TRIAL',
    facility: 'Chittorgarh Cement Unit',
    stations: [
      { type: 'cems', name: 'Kiln Stack', capacity: 5500 },
      { type: 'ground water', name: 'Borewell BW-1', capacity: 30 },
    ],
  },
  {
    name: 'Marudhar Thermal Power Company Ltd',
    category: 'Thermal Power',
    city: 'Suratgarh',
    status: 'ENABLED',
    facility: 'Suratgarh Thermal Power Station',
    stations: [
      { type: 'cems', name: 'Unit 1 Stack', capacity: 250 },
      { type: 'cems', name: 'Unit 2 Stack', capacity: 250, shutDown: true },
      { type: 'eqms', name: 'ETP Outlet', capacity: 2400 },
      { type: 'caaqms', name: 'AAQMS Township', capacity: 1 },
      { type: 'Ash', name: 'Fly Ash Silo', capacity: 3600 },
      { type: 'water', name: 'Raw Water Intake', capacity: 1500 },
    ],
  },
  {
    name: 'Kalisindh Power Generation Ltd',
    category: 'Thermal Power',
    city: 'Jhalawar',
    status: 'ENABLED',
    facility: 'Kalisindh Thermal Power Project',
    stations: [
      { type: 'cems', name: 'Boiler 1 Stack', capacity: 600 },
      { type: 'Ash', name: 'Ash Dyke Pond', capacity: 5200 },
      { type: 'Energy Meter', name: 'Auxiliary Consumption Meter', capacity: 60 },
    ],
  },
  {
    name: 'Bhilwara Steel & Alloys Pvt Ltd',
    category: 'Steel',
    city: 'Bhilwara',
    status: 'ENABLED',
    facility: 'Hamirgarh Steel Plant',
    stations: [
      { type: 'cems', name: 'Induction Furnace Stack', capacity: 300 },
      { type: 'eqms', name: 'Cooling Tower Blowdown', capacity: 450 },
      { type: 'Energy Meter', name: 'Furnace Feeder', capacity: 25 },
    ],
  },
  {
    name: 'Rajputana Ispat Ltd',
    category: 'Steel',
    city: 'Jaipur',
    status: 'GRACE',
    facility: 'Bagru Rolling Mill',
    stations: [
      { type: 'cems', name: 'Reheating Furnace Stack', capacity: 180 },
      { type: 'caaqms', name: 'AAQMS Boundary East', capacity: 1, silence: 'offline' },
    ],
  },
  {
    name: 'Ganganagar Sugar Mills Ltd',
    category: 'Sugar',
    city: 'Sri Ganganagar',
    status: 'ENABLED',
    facility: 'Kaminpura Sugar Complex',
    stations: [
      { type: 'cems', name: 'Bagasse Boiler Stack', capacity: 70 },
      { type: 'eqms', name: 'ETP Final Outlet', capacity: 1200 },
      { type: 'ground water', name: 'Borewell BW-2', capacity: 25 },
    ],
  },
  {
    name: 'Shekhawati Distilleries Pvt Ltd',
    category: 'Distillery',
    city: 'Behror',
    status: 'ENABLED',
    facility: 'Behror Molasses Distillery',
    stations: [
      { type: 'eqms', name: 'Spent Wash ZLD Outlet', capacity: 600, silence: 'delayed' },
      { type: 'cems', name: 'Incineration Boiler Stack', capacity: 35 },
      { type: 'ground water', name: 'Borewell BW-3', capacity: 20 },
    ],
  },
  {
    name: 'Mewar Pharma Labs Ltd',
    category: 'Pharma',
    city: 'Udaipur',
    status: 'TRIAL',
    facility: 'Madri API Unit',
    stations: [
      { type: 'eqms', name: 'ETP Treated Effluent', capacity: 300 },
      { type: 'cems', name: 'Thermic Fluid Heater Stack', capacity: 12 },
    ],
  },
  {
    name: 'Pali Textile Processors Ltd',
    category: 'Textile',
    city: 'Pali',
    status: 'ENABLED',
    facility: 'Mandia Road Processing House',
    stations: [
      { type: 'eqms', name: 'CETP Inlet', capacity: 5000 },
      { type: 'ground water', name: 'Borewell BW-4', capacity: 18 },
      { type: 'Energy Meter', name: 'Stenter Line Meter', capacity: 4 },
    ],
  },
  {
    name: 'Balotra Dyeing & Printing Mills',
    category: 'Textile',
    city: 'Balotra',
    status: 'DISABLED',
    facility: 'Balotra Dye House',
    stations: [{ type: 'eqms', name: 'ETP Outlet', capacity: 800 }],
  },
  {
    name: 'Thar Chemicals & Fertilisers Ltd',
    category: 'Chemicals',
    city: 'Kota',
    status: 'ENABLED',
    facility: 'Kota Chemical Complex',
    stations: [
      { type: 'cems', name: 'Sulphuric Acid Plant Stack', capacity: 900 },
      { type: 'eqms', name: 'Guard Pond Outlet', capacity: 1800 },
      { type: 'caaqms', name: 'AAQMS Down Wind', capacity: 1 },
    ],
  },
  {
    name: 'Neemrana Speciality Chemicals Pvt Ltd',
    category: 'Chemicals',
    city: 'Neemrana',
    status: 'GRACE',
    facility: 'Neemrana Industrial Area Unit',
    stations: [
      { type: 'eqms', name: 'ETP Outlet', capacity: 250 },
      { type: 'cems', name: 'Boiler Stack', capacity: 10 },
    ],
  },
  {
    name: 'Banswara Paper & Board Mills Ltd',
    category: 'Paper',
    city: 'Banswara',
    status: 'EXPIRED',
    facility: 'Banswara Pulp & Paper Mill',
    stations: [
      { type: 'eqms', name: 'Clarifier Outlet', capacity: 3500 },
      { type: 'cems', name: 'Recovery Boiler Stack', capacity: 45 },
      { type: 'water', name: 'River Intake', capacity: 900 },
    ],
  },
];

/** A demo device: one per station, keyed by a serial that also keys its signal. */
export interface DemoDevice {
  industry: DemoIndustry;
  station: DemoStation;
  serial: string;
}

const TYPE_CODES: Record<DemoStationType, string> = {
  cems: 'CEMS',
  eqms: 'EQMS',
  caaqms: 'AQMS',
  'ground water': 'GWM',
  water: 'WFM',
  'Energy Meter': 'EM',
  Ash: 'ASH',
};

/** Every demo device, in catalogue order, with its serial ('RJ03-CEMS-02'). */
export function demoDevices(): DemoDevice[] {
  return DEMO_INDUSTRIES.flatMap((industry, i) =>
    industry.stations.map((station, s) => ({
      industry,
      station,
      serial: `RJ${String(i + 1).padStart(2, '0')}-${TYPE_CODES[station.type]}-${String(s + 1).padStart(2, '0')}`,
    })),
  );
}

/** The silence a demo serial ends its history with, if any. */
export function silenceOf(serial: string): Silence | undefined {
  return demoDevices().find((d) => d.serial === serial)?.station.silence;
}
