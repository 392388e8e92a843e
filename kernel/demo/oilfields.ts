// The oilfields the demo wells are drilled in: names, operators and grid coordinates as a Chinese
// directional-drilling service company would write them. Coordinates are Gauss–Krüger (6° zones):
// x the northing in metres, y the easting with the zone number in front (19 280 000: zone 19).

export interface Oilfield {
  /** The oilfield (project.oilArea). */
  oilArea: string;
  /** The basin and province (project.region). */
  region: string;
  /** Operating areas of the field (project.workArea), each with the county town a location is given from. */
  workAreas: readonly { name: string; town: string }[];
  /** How its well names begin (Su, Tao, Ning…). */
  wellPrefixes: readonly string[];
  /** Our clients there (project.clientUnit). */
  clients: readonly string[];
  /** The operators owning the wells (project.ownerUnit). */
  owners: readonly string[];
  /** Our department running the jobs there (project.projectDept). */
  projectDept: string;
  /** How the teamNumber of the drilling crews working there begins. */
  crewPrefixes: readonly string[];
  /** Grid northing and easting ranges, metres. */
  x: readonly [number, number];
  y: readonly [number, number];
  /** Planned total depths, metres. */
  designDepth: readonly [number, number];
  /** Rates of penetration, metres per drilling hour. */
  rateOfPenetration: readonly [number, number];
  /** Geothermal gradient, °C per metre, over a surface temperature of about 15 °C. */
  gradient: number;
  /** Drilling mud density, g/cm³, and chloride content, mg/L. */
  mudDensity: readonly [number, number];
  chloride: readonly [number, number];
}

export const OILFIELDS: readonly Oilfield[] = [
  {
    oilArea: 'Changqing Oilfield',
    region: 'Ordos Basin, Shaanxi',
    workAreas: [
      { name: 'Sulige', town: 'Uxin Banner' },
      { name: 'Jingbian', town: 'Jingbian' },
      { name: 'Ansai', town: 'Ansai' },
      { name: 'Huachi', town: 'Huachi' },
    ],
    wellPrefixes: ['Su', 'Tao', 'Jing', 'An', 'Hua'],
    clients: ['PetroChina Changqing Oilfield Company', 'CCDE Changqing Drilling Company'],
    owners: ['Changqing No. 3 Oil Production Plant', 'Changqing No. 5 Gas Production Plant', 'Sulige Gasfield Development Division'],
    projectDept: 'Changqing Project Department',
    crewPrefixes: ['CQ'],
    x: [4080000, 4260000],
    y: [19250000, 19400000],
    designDepth: [2200, 4200],
    rateOfPenetration: [4, 12],
    gradient: 0.029,
    mudDensity: [1.05, 1.3],
    chloride: [800, 6000],
  },
  {
    oilArea: 'Daqing Oilfield',
    region: 'Songliao Basin, Heilongjiang',
    workAreas: [
      { name: 'Gulong', town: 'Zhaoyuan' },
      { name: 'Saertu', town: 'Daqing' },
      { name: 'Xingshugang', town: 'Daqing' },
    ],
    wellPrefixes: ['Gu', 'Sa', 'Xing', 'Pu'],
    clients: ['PetroChina Daqing Oilfield Company', 'Daqing Drilling Engineering Company'],
    owners: ['Daqing No. 1 Oil Production Plant', 'Gulong Shale Oil Project Department'],
    projectDept: 'Daqing Project Department',
    crewPrefixes: ['ZJ'],
    x: [5120000, 5200000],
    y: [21600000, 21700000],
    designDepth: [1800, 3600],
    rateOfPenetration: [5, 14],
    gradient: 0.04,
    mudDensity: [1.08, 1.45],
    chloride: [1000, 8000],
  },
  {
    oilArea: 'Tarim Oilfield',
    region: 'Tarim Basin, Xinjiang',
    workAreas: [
      { name: 'Halahatang', town: 'Luntai' },
      { name: 'Tazhong', town: 'Qiemo' },
      { name: 'Fuman', town: 'Shaya' },
    ],
    wellPrefixes: ['Ha', 'Tz', 'Fm', 'Ln'],
    clients: ['PetroChina Tarim Oilfield Company', 'CNPC Western Drilling Company'],
    owners: ['Tarim Halahatang Oil and Gas Development Department', 'Tarim Tazhong Oil and Gas Development Department'],
    projectDept: 'Xinjiang Project Department',
    crewPrefixes: ['XB'],
    x: [4580000, 4660000],
    y: [15200000, 15320000],
    designDepth: [5800, 8200],
    rateOfPenetration: [1.5, 5],
    gradient: 0.021,
    mudDensity: [1.25, 1.9],
    chloride: [20000, 160000],
  },
  {
    oilArea: 'Shengli Oilfield',
    region: 'Jiyang Depression, Shandong',
    workAreas: [
      { name: 'Dongying', town: 'Dongying' },
      { name: 'Binnan', town: 'Binzhou' },
      { name: 'Gudao', town: 'Hekou' },
    ],
    wellPrefixes: ['Dong', 'Bin', 'Niu', 'Fan'],
    clients: ['Sinopec Shengli Oilfield Company', 'Sinopec Shengli Petroleum Engineering Co.'],
    owners: ['Shengli Dongxin Oil Production Plant', 'Shengli Gudao Oil Production Plant'],
    projectDept: 'Shandong Project Department',
    crewPrefixes: ['ZJ'],
    x: [4120000, 4190000],
    y: [20600000, 20690000],
    designDepth: [2400, 4600],
    rateOfPenetration: [4, 10],
    gradient: 0.034,
    mudDensity: [1.1, 1.45],
    chloride: [3000, 25000],
  },
  {
    oilArea: 'Sichuan Gasfield',
    region: 'Sichuan Basin, Sichuan',
    workAreas: [
      { name: 'Changning', town: 'Changning' },
      { name: 'Weiyuan', town: 'Weiyuan' },
      { name: 'Fuling', town: 'Fuling' },
    ],
    wellPrefixes: ['Ning', 'Wei', 'Jiaoye', 'Gaoshi'],
    clients: ['PetroChina Southwest Oil and Gasfield Company', 'Sinopec Jianghan Oilfield Company', 'CCDC Chuanqing Drilling Company'],
    owners: ['Sichuan Changning Natural Gas Development Co.', 'Sinopec Chongqing Fuling Shale Gas Co.'],
    projectDept: 'Sichuan Project Department',
    crewPrefixes: ['CQ'],
    x: [3240000, 3310000],
    y: [18520000, 18620000],
    designDepth: [3600, 6000],
    rateOfPenetration: [2.5, 8],
    gradient: 0.027,
    mudDensity: [1.35, 2.1],
    chloride: [5000, 40000],
  },
];
