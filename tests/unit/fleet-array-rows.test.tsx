// @vitest-environment jsdom
// The list editor of the forms (ArrayRowsInput), on a spare part's specifications: rows with a
// name and a nested list of options, added, removed and moved with buttons a keyboard reaches,
// and saved in the order shown; a list the server keeps is shown as lines.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, RecordContextProvider, ResourceContextProvider, SimpleForm } from 'react-admin';
import app from '../../i18n/en/app.json';
import { registry } from '../../kernel/schema/load-vite';
import { field } from '../../kernel/schema/registry';
import { ArrayRowsInput } from '../../src/resources/generic/ArrayRowsInput';
import { itemLine } from '../../src/resources/generic/itemLine';
import { SchemaInput } from '../../src/resources/generic/SchemaInput';

const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...app }), 'en');

// The option lists the console asks /config for: none here.
beforeEach(() => vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 20000, data: {} }))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const schema = registry.resources.accessory;
const specs = [
  { name: 'Size', options: ['147 mm', '215.9 mm'] },
  { name: 'Material', options: ['Viton'] },
];

function renderList(record: Record<string, unknown>, onSubmit = vi.fn()) {
  const view = render(
    <AdminContext i18nProvider={i18nProvider}>
      <ResourceContextProvider value="accessory">
        <SimpleForm record={record} onSubmit={onSubmit}>
          <ArrayRowsInput resource="accessory" field={field(schema, 'rule_value')!} FieldInput={SchemaInput} />
        </SimpleForm>
      </ResourceContextProvider>
    </AdminContext>,
  );
  /** The button of a row (or of the list) react-admin marks with this class. */
  const button = (className: string, which = 0) => {
    const name = className.replace(/\./g, '\\.');
    return view.container.querySelectorAll<HTMLButtonElement>(`.${name} button, button.${name}`)[which];
  };
  const names = () => [...view.container.querySelectorAll<HTMLInputElement>('input[name$=".name"]')].map((input) => input.value);
  const save = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls[0][0] as { rule_value: typeof specs };
  };
  return { ...view, button, names, save, onSubmit };
}

describe('the list editor', () => {
  it('shows each item as a row of inputs, the options of each as rows of their own', async () => {
    const { names, container } = renderList({ id: 1, rule_name: 'Seal kit', rule_value: specs });
    await waitFor(() => expect(names()).toEqual(['Size', 'Material']));
    const options = [...container.querySelectorAll<HTMLInputElement>('input[name*=".options."]')].map((i) => [i.name, i.value]);
    expect(options).toEqual([
      ['rule_value.0.options.0', '147 mm'],
      ['rule_value.0.options.1', '215.9 mm'],
      ['rule_value.1.options.0', 'Viton'],
    ]);
    // Each option is named by its list and its place in it; the rows' fields by the item's labels.
    expect(screen.getByLabelText('Options 2')).toHaveProperty('value', '215.9 mm');
    expect(screen.getAllByLabelText(/^Specification/)).toHaveLength(2);
    expect(screen.getByText('Specifications')).toBeTruthy();
  });

  it('moves a row up and saves the list in the order shown', async () => {
    const { names, button, save } = renderList({ id: 1, rule_name: 'Seal kit', rule_value: specs });
    await waitFor(() => expect(names()).toEqual(['Size', 'Material']));
    fireEvent.click(button('button-reorder-rule_value-1', 0)); // the second row's "move up"
    await waitFor(() => expect(names()).toEqual(['Material', 'Size']));
    expect((await save()).rule_value).toEqual([specs[1], specs[0]]);
  });

  it('adds a row with an option, and removes one', async () => {
    const { names, button, save, container } = renderList({ id: 1, rule_name: 'Seal kit', rule_value: specs });
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.click(button('button-remove-rule_value-0'));
    await waitFor(() => expect(names()).toEqual(['Material']));
    fireEvent.click(button('button-add-rule_value'));
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.change(container.querySelector('input[name="rule_value.1.name"]')!, { target: { value: 'Voltage' } });
    fireEvent.click(button('button-add-rule_value.1.options'));
    const option = await waitFor(() => container.querySelector<HTMLInputElement>('input[name="rule_value.1.options.0"]')!);
    fireEvent.change(option, { target: { value: '3.6 V' } });
    expect((await save()).rule_value).toEqual([specs[1], { name: 'Voltage', options: ['3.6 V'] }]);
  });

  it('gives every button a name and a place in the keyboard order', async () => {
    const { names, container } = renderList({ id: 1, rule_name: 'Seal kit', rule_value: specs });
    await waitFor(() => expect(names()).toHaveLength(2));
    const rowButtons = [...container.querySelectorAll<HTMLButtonElement>('.RaSimpleFormIterator-list button')];
    expect(rowButtons.length).toBeGreaterThan(6);
    for (const button of rowButtons) {
      expect(button.getAttribute('aria-label') ?? button.textContent).toMatch(/\S/);
      // A button that cannot act (the first row's "move up") is disabled, and so out of the way.
      expect(button.disabled || button.tabIndex >= 0).toBe(true);
    }
    // The ends of each list: a first row cannot go up, a last one down (a single option, neither).
    expect(
      rowButtons
        .filter((b) => b.disabled)
        .map((b) => b.getAttribute('aria-label'))
        .sort(),
    ).toEqual(['Move down', 'Move down', 'Move down', 'Move up', 'Move up', 'Move up']);
    const labels = new Set(rowButtons.map((b) => b.getAttribute('aria-label') ?? b.textContent));
    for (const action of ['Add', 'Remove', 'Move up', 'Move down']) expect(labels).toContain(action);
  });

  it('shows a list the server keeps as lines of text', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ id: 1, spec: specs }}>
          <ArrayRowsInput resource="accessory" field={field(schema, 'spec')!} FieldInput={SchemaInput} />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByText('Size: 147 mm, 215.9 mm')).toBeTruthy();
    expect(screen.getByText('Material: Viton')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(itemLine('plain')).toBe('plain');
  });
});
