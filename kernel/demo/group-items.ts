// The "groupItems" generator: the items of the demo groups (home slides, notices), each made from
// the fields its group defines, so that every item is one its group's form would accept.
import type { Faker } from '@faker-js/faker';
import { parseParam } from '../forms/param';
import type { FieldDefinition } from '../forms/types';
import type { SeedGenerator } from './made';

/** Items made for each group. */
const ITEMS_PER_GROUP = 4;
/** The demo pictures a slide or photo field points at (public/demo). */
const DEMO_PICTURES = ['/demo/slide-1.svg', '/demo/slide-2.svg', '/demo/slide-3.svg'];

const TITLES = [
  'Pulser service bay reopened after upgrade',
  'New MWD kits in stock for the Sulige fields',
  'Calibration week: bring directional modules in by Friday',
  'Safety stand-down on every rig this Monday',
  'Winter mud programme: check your motor elastomers',
  'Record run: 1,850 m in one trip on Su53-78H',
];
const CONTENTS = [
  'Instruments returning from site go to bay 2 for the post-job check before they are stored.',
  'Every crew reviews the dropped-object procedure before the next tour starts.',
  'Gamma and directional modules due for calibration are listed on the home page; book a slot with the workshop.',
  'Report any pressure-pulse decoding loss above 120 °C in the run record so the workshop can test the pulser.',
];

/** A value of one field, of its kind. */
function valueOf(field: FieldDefinition, random: Faker, index: number): unknown {
  switch (field.type) {
    case 'input':
      return field.name === 'link' ? `/device/index` : TITLES[index % TITLES.length];
    case 'textarea':
      return random.helpers.arrayElement(CONTENTS);
    case 'number':
      return random.number.int({ min: field.min ?? 1, max: Math.min(field.max ?? 100, (field.min ?? 1) + 72) });
    case 'select':
    case 'radio':
      return random.helpers.arrayElement(parseParam(field.param).options).value;
    case 'checkbox':
      return [random.helpers.arrayElement(parseParam(field.param).options).value];
    case 'switch':
      return random.datatype.boolean();
    case 'date':
      return `2026-${String(1 + (index % 11)).padStart(2, '0')}-15`;
    case 'time':
      return `${String(7 + ((index * 3) % 12)).padStart(2, '0')}:00`;
    case 'upload':
    case 'file':
      return DEMO_PICTURES[index % DEMO_PICTURES.length];
    case 'uploads':
      return [DEMO_PICTURES[index % DEMO_PICTURES.length]];
  }
}

export const groupItems: SeedGenerator = {
  makes: ['groupdata'],
  reads: ['group'],
  generate({ existing, random, seedDate }) {
    const records = existing.group.flatMap((group) =>
      Array.from({ length: ITEMS_PER_GROUP }, (_, index) => {
        const typelist = (group.typelist ?? []) as FieldDefinition[];
        const values = Object.fromEntries(typelist.map((field) => [field.name, valueOf(field, random, index)]));
        return {
          gid: group.id,
          add_time: new Date(seedDate.getTime() - (ITEMS_PER_GROUP - index) * 86_400_000).toISOString(),
          sort: ITEMS_PER_GROUP - index,
          status: index === ITEMS_PER_GROUP - 1 ? 0 : 1,
          values,
        };
      }),
    );
    return { records: { groupdata: records } };
  },
};
