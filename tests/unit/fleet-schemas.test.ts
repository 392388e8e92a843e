// The fleet's schemas accept the records people keep (a usage record with its mud and survey, a
// repair, a staff member and a certificate, a spare part with its specifications) and refuse
// each value outside the glossary's ranges, naming the field that holds it.
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { translator } from '../../server/http/messages';

const validator = new RecordValidator(loadRegistry());
const english = translator('en');
const check = (resource: string, record: Record<string, unknown>) => validator.check(resource, record, 'en', english);
const fieldsOf = (resource: string, record: Record<string, unknown>) => check(resource, record).map((p) => p.field);

const run = {
  device: 1,
  project: 7,
  crew: 2,
  startcl: 2450.5,
  endcl: 3120,
  starttime: '2026-05-02T06:00:00Z',
  endtime: '2026-05-05T18:30:00Z',
  minpl: 28,
  maxpl: 32.5,
  minpp: 12,
  maxpp: 16.8,
  size: 215.9,
  type: 1,
  brand: 2,
  status: 1,
  mudata: {
    type: 'water',
    density: 1.18,
    sandy: 0.3,
    solid_phase: 9.5,
    funnel: 48,
    plastic: 18,
    ph: 9.5,
    api: 4.2,
    sshear: 2.5,
    eshear: 6,
  },
  mwd: { smd: 2441.2, sinc: 12.5, sazi: 143.2, emd: 3105.7, einc: 35.8, eazi: 147.9 },
};
const withMud = (change: Record<string, unknown>) => ({ ...run, mudata: { ...run.mudata, ...change } });
const withMwd = (change: Record<string, unknown>) => ({ ...run, mwd: { ...run.mwd, ...change } });

describe('a usage record', () => {
  it('is accepted with its mud and survey values', () => {
    expect(check('userecord', run)).toEqual([]);
    expect(check('userecord', { ...run, status: 0, reason: 'Pulser stuck open at 2,980 m' })).toEqual([]);
  });

  it.each([
    ['startcl', { ...run, startcl: 15000.5 }],
    ['endcl', { ...run, endcl: -1 }],
    ['minpl', { ...run, minpl: 101 }],
    ['maxpp', { ...run, maxpp: 70.5 }],
    ['size', { ...run, size: 200 }],
    ['status', { ...run, status: 2 }],
    ['mudata.density', withMud({ density: 2.7 })],
    ['mudata.density', withMud({ density: 0.79 })],
    ['mudata.sandy', withMud({ sandy: 11 })],
    ['mudata.solid_phase', withMud({ solid_phase: 61 })],
    ['mudata.funnel', withMud({ funnel: 19 })],
    ['mudata.plastic', withMud({ plastic: 151 })],
    ['mudata.ph', withMud({ ph: 14.5 })],
    ['mudata.api', withMud({ api: 51 })],
    ['mudata.sshear', withMud({ sshear: 51 })],
    ['mudata.type', withMud({ type: 'synthetic' })],
    ['mwd.sinc', withMwd({ sinc: 181 })],
    ['mwd.einc', withMwd({ einc: -0.5 })],
    ['mwd.sazi', withMwd({ sazi: 360.5 })],
    ['mwd.emd', withMwd({ emd: 15001 })],
  ])('refuses %s out of its range, naming it', (field, record) => {
    expect(fieldsOf('userecord', record)).toEqual([field]);
  });

  it.each([
    ['endcl', { ...run, endcl: 2400 }],
    ['endtime', { ...run, endtime: '2026-05-01T00:00:00Z' }],
    ['maxpl', { ...run, maxpl: 20 }],
    ['maxpp', { ...run, maxpp: 11.9 }],
    ['mwd.emd', withMwd({ emd: 2400 })],
    ['reason', { ...run, status: 0 }],
  ])('refuses %s against the field it must agree with', (field, record) => {
    const problems = check('userecord', record);
    expect(problems.map((p) => p.field)).toEqual([field]);
    expect(problems[0].message).toMatch(/Start|Min|status|Result|start/i);
  });

  it('says the range and the unit', () => {
    expect(check('userecord', withMud({ density: 2.7 }))[0].message).toMatch(/0\.8 to 2\.6 g\/cm³$/);
  });
});

describe('a repair record', () => {
  const repair = {
    device: 1,
    songTime: '2026-04-01T09:00:00Z',
    songReason: 'Pulser failure',
    brand: "APS workshop, Xi'an",
    returnTime: '2026-04-12T17:00:00Z',
    solve: 'Replaced poppet',
  };
  it('is accepted, and refused when it comes back before it left or lacks its reason', () => {
    expect(check('fitrecord', repair)).toEqual([]);
    expect(fieldsOf('fitrecord', { ...repair, returnTime: '2026-03-30T00:00:00Z' })).toEqual(['returnTime']);
    expect(fieldsOf('fitrecord', { ...repair, songReason: '' })).toEqual(['songReason']);
  });
});

describe('a staff member and a certificate', () => {
  const person = {
    name: 'Wang Lei',
    mobile: '13912345678',
    position: 'mwdEngineer',
    crew: 3,
    status: 'active',
    hireDate: '2019-03-01',
    introduction: 'MWD jobs on cluster pads.',
  };
  it('is accepted, and refused with a bad mobile, status or date, naming the field', () => {
    expect(check('staff', person)).toEqual([]);
    expect(fieldsOf('staff', { ...person, mobile: 'call me' })).toEqual(['mobile']);
    expect(check('staff', { ...person, mobile: 'call me' })[0].message).not.toMatch(/[\\^$[\]{}]/);
    expect(fieldsOf('staff', { ...person, status: 'retired' })).toEqual(['status']);
    expect(fieldsOf('staff', { ...person, hireDate: '2019-13-01' })).toEqual(['hireDate']);
  });

  const cert = { staff: 1, kind: 'wellControl', number: 'WC1234567', issuer: 'IWCF', issued: '2025-01-10', expires: '2027-01-10' };
  it('keeps a certificate’s expiry after its issue', () => {
    expect(check('staffcert', cert)).toEqual([]);
    expect(fieldsOf('staffcert', { ...cert, expires: '2025-01-10' })).toEqual(['expires']);
    expect(fieldsOf('staffcert', { ...cert, kind: 'driving' })).toEqual(['kind']);
  });
});

describe('a spare part', () => {
  const part = {
    rule_name: 'Pulser seal kit',
    rule_value: [
      { name: 'Size', options: ['147 mm', '215.9 mm'] },
      { name: 'Material', options: ['Viton'] },
    ],
  };
  it('is accepted with its specifications, and refused with a repeated name, an empty option list or none at all', () => {
    expect(check('accessory', part)).toEqual([]);
    expect(fieldsOf('accessory', { ...part, rule_value: [...part.rule_value, { name: 'SIZE', options: ['311.1 mm'] }] })).toEqual([
      'rule_value.2.name',
    ]);
    expect(fieldsOf('accessory', { ...part, rule_value: [{ name: 'Size', options: [] }] })).toEqual(['rule_value.0.options']);
    expect(fieldsOf('accessory', { ...part, rule_value: [] })).toEqual(['rule_value']);
    expect(fieldsOf('accessory', { ...part, spec: [] })).toEqual(['spec']); // served, never sent
  });
});
