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

let currentView = 0;

/** Replaces the page's content with a new view (a view that is still loading is left behind: see startView). */
export function show(...nodes: Child[]): void {
  currentView += 1;
  render(nodes);
}

/**
 * The `show` of a view that loads: its later renders take effect only while it is still the current
 * view, so a late answer (a slow overview) never replaces the view the user has moved on to.
 */
export function startView(): (...nodes: Child[]) => void {
  const mine = ++currentView;
  return (...nodes) => {
    if (mine === currentView) render(nodes);
  };
}

function render(nodes: Child[]): void {
  root().replaceChildren(
    ...nodes
      .filter((n): n is Node | string => n !== null && n !== undefined && n !== false)
      .map((n) => (n instanceof Node ? n : String(n))),
  );
}

export const loading = (what: string) => h('p', { class: 'state', 'data-state': 'loading' }, `Loading ${what}…`);
export const empty = (what: string) => h('p', { class: 'state', 'data-state': 'empty' }, what);
