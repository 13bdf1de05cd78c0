export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

/** Properties set as DOM properties; everything else is an attribute. */
const asProperty = new Set(['value', 'checked', 'disabled']);

/** A small hyperscript: the widget builds its DOM with this instead of a framework, to stay small. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    } else if (asProperty.has(key)) {
      (el as unknown as Record<string, unknown>)[key] = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces a container's content. */
export function show(container: ParentNode, ...children: Child[]) {
  container.replaceChildren();
  append(container, children);
}

let ids = 0;
/** A labelled input; the label and control are tied by id inside the shadow root. */
export function field(label: string, input: HTMLInputElement | HTMLSelectElement | HTMLElement) {
  const id = input.id || `ppw-${++ids}`;
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

/** Reads a form's named controls as strings. */
export const formValues = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v).trim()]));

export const alertBox = (message: string) => h('p', { class: 'error', role: 'alert' }, message);
