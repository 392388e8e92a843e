// Texts of the trade for the demo data (`x-fake: "phrase:<list>"`), so that a failed run, a repair
// or a certificate reads as the workshop would write it, and the catalogue of specifications the
// spare-part templates draw from. English, as the demo's other made-up text is.

export const PHRASES: Readonly<Record<string, readonly string[]>> = {
  /** Why a run failed. */
  runFailure: [
    'Pulser stuck open: no pressure pulses at surface after 2 h on bottom',
    'Decoding lost at high flow rate; signal came back after reducing flow',
    'Directional sensor readings erratic above 125 °C',
    'Probe tube O-ring leak: mud found inside the housing',
    'Gamma count dropped to zero halfway through the run',
    'Shock and vibration above the limit; tool switched itself off',
    'Poppet eroded by high sand content',
    'Battery voltage fell below 24 V before the planned end of the run',
    'Orifice plugged by lost-circulation material',
    'Tool face unstable while sliding; surveys rejected',
  ],
  /** Who repaired it: a shop or a maker's service centre. */
  repairShop: [
    'Tensor service centre, Beijing',
    "APS workshop, Xi'an",
    'In-house workshop, Qingyang base',
    'Sperry service centre, Tianjin',
    'Weatherford workshop, Chengdu',
    'Gyrodata service base, Karamay',
  ],
  /** Why a tool was sent for repair. */
  repairReason: [
    'Scheduled service after 300 h',
    'Pulser failure on the last run',
    'Probe tube seal leak',
    'Gamma module calibration due',
    'Battery pack replacement',
    'Connector corrosion found at rig-up',
    'Failed the surface test before the run',
    'Impact damage while tripping',
  ],
  /** Remarks on a repair. */
  repairNote: [
    'Returned with the test report',
    'Warranty repair',
    'Quote approved by the workshop lead',
    'Seal kit taken from stock',
    'Next service due after 300 h',
    'Shipped back by road, tool case sealed',
  ],
  /** A person's introduction. */
  staffIntroduction: [
    'Twelve years in directional drilling, mostly horizontal wells in the Changqing field.',
    'Runs MWD jobs on cluster pads; trains new field engineers on decoding and surveys.',
    'Keeps the pulser and probe tube fleet serviced; qualified on the flow loop and test stand.',
    'Joined from a mud logging company; now on LWD gamma and resistivity jobs.',
    'Leads a crew of four on the Sulige gas wells; well control certified.',
    'Electronics technician: batteries, connectors and sensor calibration.',
    'Plans well paths and anti-collision checks for the project office.',
    'Safety officer for the field teams: permits, drills and H2S training.',
  ],
  /** The name of a spare part or accessory. */
  instrumentMaker: [
    'Beijing Huahai Drilling Instruments',
    'Shanghai Shenkai Petroleum',
    "Xi'an Sitan Instruments",
    'Tensor Drilling Technologies',
    'APS Technology',
    'Gyrodata',
  ],
  instrumentModel: ['HMWD-48', 'SK-MWD 650', 'TP-475 pulser', 'GR-350 gamma', 'DM-650 probe', 'PT-172', 'EM-475'],
  sparePart: [
    'Pulser seal kit',
    'Probe tube O-ring set',
    'Gamma module battery pack',
    'Lithium battery 3.6 V',
    'Mule shoe sleeve',
    'UBHO helix key',
    'Pulser poppet',
    'Pulser orifice',
    'Screen filter',
    'Centralizer fins',
    'Rubber fin centralizer',
    'Bow spring centralizer',
    'Antenna sub insulation kit',
    'Flow diverter',
    'Stinger assembly',
    'Pressure housing end cap',
    'Pin connector',
    'Box connector',
    'Shock absorber sub',
    'Directional sensor clamp',
    'Battery barrel',
    'Servo motor',
    'Pulser drive shaft',
    'Spear point',
    'Landing sub',
    'Gamma detector crystal',
    'Data cable',
    'Surface transducer',
    'Rig floor display cable',
    'Test stand adapter',
  ],
};

/**
 * Texts that depend on another field's value (`x-fake: "phraseFor:<list>:<field>"`): what a shop
 * finds follows from why the tool came in, what it does from what it found, who issues a
 * certificate from its kind.
 */
export const KEYED_PHRASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  repairFinding: {
    'Scheduled service after 300 h': [
      'No fault found on the bench; passed the flow loop test',
      'Poppet and orifice worn close to the limit',
    ],
    'Pulser failure on the last run': ['Poppet and orifice eroded; servo motor within specification', 'Servo motor winding open'],
    'Probe tube seal leak': ['Main O-ring cut; traces of mud on the electronics'],
    'Gamma module calibration due': ['Gamma count 4 % below the reference source'],
    'Battery pack replacement': ['Battery cells below rated capacity'],
    'Connector corrosion found at rig-up': ['Pin connector corroded, insulation resistance low'],
    'Failed the surface test before the run': [
      'Accelerometer drift beyond tolerance',
      'No fault found on the bench; passed the flow loop test',
    ],
    'Impact damage while tripping': ['Housing thread galled', 'Gamma detector crystal cracked'],
  },
  repairAction: {
    'No fault found on the bench; passed the flow loop test': ['Returned without repair after a second surface test'],
    'Poppet and orifice worn close to the limit': ['Replaced poppet and orifice as a precaution'],
    'Poppet and orifice eroded; servo motor within specification': ['Replaced poppet, orifice and seal kit; flow loop tested'],
    'Servo motor winding open': ['Replaced the servo motor; flow loop tested'],
    'Main O-ring cut; traces of mud on the electronics': ['Replaced the O-rings and dried the electronics; pressure tested to 140 MPa'],
    'Gamma count 4 % below the reference source': ['Recalibrated the gamma module against the reference source'],
    'Battery cells below rated capacity': ['Fitted a new battery pack'],
    'Pin connector corroded, insulation resistance low': ['Cleaned and replaced the connector; insulation tested'],
    'Accelerometer drift beyond tolerance': ['Recalibrated the directional sensor on the test stand'],
    'Housing thread galled': ['Re-cut the thread and inspected the housing'],
    'Gamma detector crystal cracked': ['Replaced the gamma detector and recalibrated'],
  },
  certificateIssuer: {
    wellControl: ['IWCF', 'IADC WellSharp', 'CNPC Well Control Training Centre'],
    h2s: ['Sinopec HSE Training Centre', 'Changqing Safety Training Institute'],
    firstAid: ['Red Cross Society of China'],
    radiation: ['Provincial Radiation Safety Office'],
    mwdOperator: ['Tensor training centre', 'APS training centre', 'In-house training, Qingyang base'],
    directionalDrilling: ['CNPC Drilling Engineering Training Centre', 'IADC'],
    electrical: ['Provincial Work Safety Bureau'],
    hse: ['Sinopec HSE Training Centre', 'IADC'],
  },
};

/** What a spare-part template may specify (size, material…), each with the options it is sold in. */
export const SPECIFICATIONS: readonly { name: string; options: readonly string[] }[] = [
  { name: 'Size', options: ['147 mm', '215.9 mm', '311.1 mm', '406.4 mm'] },
  { name: 'Material', options: ['Viton', 'HNBR', 'Nitrile', 'PEEK'] },
  { name: 'Temperature rating', options: ['125 °C', '150 °C', '175 °C'] },
  { name: 'Pressure rating', options: ['105 MPa', '140 MPa', '175 MPa'] },
  { name: 'Voltage', options: ['3.6 V', '7.2 V', '28 V'] },
  { name: 'Thread', options: ['NC38', 'NC50', '4½ IF', '6⅝ REG'] },
  { name: 'Length', options: ['0.5 m', '1 m', '1.5 m'] },
  { name: 'Maker', options: ['Tensor', 'APS', 'Sperry', 'Weatherford'] },
  { name: 'Orifice size', options: ['1.5 in', '1.75 in', '2 in'] },
  { name: 'Hardness', options: ['70 Shore A', '90 Shore A'] },
];

/**
 * Texts of the demo wells (kernel/demo/wells*.ts): `{name}` stands for a value of the trip or
 * the day (depths in metres, hole size in millimetres, inclination in degrees).
 */
export const WELL_PHRASES = {
  /** MWD makers by the brand of our instrument, with their tool models; `other` for a brand not listed. */
  instrumentModels: {
    Tensor: ['Tensor MWD 650', 'Tensor Positive Pulse MWD'],
    APS: ['SureShot MWD', 'SureShot EM-MWD'],
    Sperry: ['Sperry Solar 175 MWD', 'Sperry DWD'],
    Weatherford: ['HEL MWD', 'Weatherford Magnus Gamma'],
    Gyrodata: ['GyroTracer MWD', 'Gyrodata Omega'],
    other: ['CGDS DRMWD-Ⅱ', 'Hailan HL-MWD', 'Shengli SL-MWD', 'Great Wall GW-MWD'],
  } as Readonly<Record<string, readonly string[]>>,
  /** Makers of a brand our config does not know, Chinese ones. */
  otherInstrumentMakers: [
    'CNPC Drilling Research Institute',
    'Beijing Hailan Technology',
    'Shengli Drilling Technology Institute',
    'CNPC Great Wall Drilling',
  ],
  /** Mud motor makers; the model is written from the hole size (5LZ172×7.0). */
  motorMakers: ['Dezhou United Petroleum', 'Tianjin Lilin', 'Shengli Power Machinery', 'Beijing Shitai', 'NOV', 'Baker Hughes'],
  /** Bottom-hole assemblies: {bit} the hole size, {motor} the motor's outside diameter, {bend} its bend. */
  bha: [
    'Φ{bit} mm PDC bit + Φ{motor} mm motor ({bend}°) + float valve + Φ{motor} mm MWD sub + non-magnetic drill collar + Φ127 mm HWDP × 15 + Φ127 mm drill pipe',
    'Φ{bit} mm PDC bit + Φ{motor} mm motor ({bend}°) + Φ{bit} mm stabilizer + MWD hang-off sub + non-magnetic drill collar × 2 + Φ127 mm drill pipe',
    'Φ{bit} mm tricone bit + Φ{motor} mm motor ({bend}°) + check valve + UBHO sub + non-magnetic drill collar + Φ165 mm drill collar × 6 + Φ127 mm drill pipe',
  ],
  /** What a trip did; {from} {to} depths, {footage} metres, {rop} m/h. */
  tripSummary: [
    'Drilled {from}–{to} m ({footage} m) at {rop} m/h; MWD signal clear throughout; pulled out for a bit change.',
    'Slid and rotated {from}–{to} m to follow the plan; surveys every 30 m, all within tolerance; pulled out at {to} m.',
    'Drilled {footage} m to {to} m; two short trips to clean the hole; motor and MWD in good order when laid down.',
    'Drilled {from}–{to} m; tool face steady while sliding; pulled out to run casing at {to} m.',
  ],
  /** The summary of a trip that ended with the instrument failing. */
  tripFailure: ['Drilled {from}–{to} m; pulse signal lost at {to} m, pulled out and replaced the MWD tool.'],
  /** What a day did, by its working condition. */
  dailySummary: {
    drilling: [
      'Drilled {from}–{to} m; slid {slide} m to hold the tool face; surveyed every 30 m, inclination {inclination}°.',
      'Rotated and slid {from}–{to} m; decoding steady; last survey at {to} m: inclination {inclination}°.',
      'Drilled ahead {from}–{to} m with the plan; no losses; mud properties adjusted at the shakers.',
    ],
    tripping: [
      'Drilled {from}–{to} m, then pulled out of hole; MWD data downloaded and checked at surface.',
      'Tripped in, washed down the last stand, drilled {from}–{to} m.',
    ],
    circulating: ['Drilled {from}–{to} m; circulated bottoms up twice to clean the hole before surveying.'],
    reaming: ['Reamed the tight spots above {from} m, then drilled {from}–{to} m.'],
    surveying: ['Drilled {from}–{to} m; took check shots at {to} m: inclination {inclination}°.'],
    waiting: ['Waited on the mud pump repair; drilled {from}–{to} m once circulation was back.'],
    repairing: ['Changed the top-drive saver sub; drilled {from}–{to} m.'],
  } as Readonly<Record<string, readonly string[]>>,
};

/** A template of WELL_PHRASES with its `{name}` places filled. */
export const fillPhrase = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
