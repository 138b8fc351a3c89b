import { parse } from 'parse5';

// The forms of an HTML page as a browser without JavaScript submits them: action, method, the
// fields with their values, and the submit buttons (name/value). Parsed with parse5, the HTML
// standard's own parsing algorithm, so entities and attribute quoting are read as a browser reads them.

export interface HtmlForm {
  action: string;
  method: string;
  /** Every named input with its type and value (hidden fields carry the flow's state). */
  inputs: { name: string; type: string; value: string }[];
  /** Named submit buttons: a press sends its name=value with the fields. */
  buttons: { name: string; value: string; label: string }[];
}

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
  content?: Node;
}

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;

const textOf = (node: Node): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textOf).join('');

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
}

export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  walk(parse(html) as unknown as Node, (node) => {
    if (node.nodeName !== 'form') return;
    const form: HtmlForm = {
      action: attr(node, 'action') ?? '',
      method: (attr(node, 'method') ?? 'get').toLowerCase(),
      inputs: [],
      buttons: [],
    };
    walk(node, (field) => {
      const name = attr(field, 'name');
      if (!name) return;
      const type = (attr(field, 'type') ?? (field.nodeName === 'button' ? 'submit' : 'text')).toLowerCase();
      if (field.nodeName === 'button' || (field.nodeName === 'input' && type === 'submit')) {
        form.buttons.push({ name, value: attr(field, 'value') ?? '', label: textOf(field).trim() });
      } else if (field.nodeName === 'input' || field.nodeName === 'textarea') {
        form.inputs.push({ name, type, value: attr(field, 'value') ?? '' });
      }
    });
    forms.push(form);
  });
  return forms;
}

/** The fields a browser sends when the form is submitted, with `fill` typed into the visible ones. */
export function submission(
  form: HtmlForm,
  fill: Record<string, string> = {},
  button?: { name: string; value: string },
): URLSearchParams {
  const fields = new URLSearchParams();
  for (const input of form.inputs) fields.set(input.name, fill[input.name] ?? input.value);
  if (button) fields.set(button.name, button.value);
  return fields;
}
