/** A tiny element builder: text is always set as text (never parsed as HTML). */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export const root = () => document.getElementById('app')!;

export function show(...nodes: Child[]): void {
  root().replaceChildren(
    ...nodes
      .filter((n): n is Node | string => n !== null && n !== undefined && n !== false)
      .map((n) => (n instanceof Node ? n : String(n))),
  );
}

export const loading = (what: string) => h('p', { class: 'state', 'data-state': 'loading' }, `Loading ${what}…`);
export const empty = (what: string) => h('p', { class: 'state', 'data-state': 'empty' }, what);
