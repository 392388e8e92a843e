// The real schema files pass the schema check without a single problem. (What the check
// catches, kind by kind, is tested on small fixtures in schema-check.test.ts.)
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { materialIconComponents } from '../../kernel/schema/icons-node';
import { loadRegistry, readSchemaFiles } from '../../kernel/schema/load-node';
import { pageNames } from '../../src/pages/registry';
import { panelNames } from '../../src/resources/record/panels';
import { widgetNames } from '../../src/resources/widgets';

describe('the schema files', () => {
  it('are all sound', () => {
    const { config, routes } = loadRegistry();
    const problems = checkSchemas(readSchemaFiles(), config, routes, {
      pages: pageNames(),
      panels: panelNames(),
      widgets: widgetNames(),
      icons: materialIconComponents(),
    });
    expect(problems.map(formatProblem)).toEqual([]);
  });
});
