// Small DOM helpers shared by the views.
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} is missing from the page`);
  return e as T;
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

/** A table with a header row (and a caption unless ''); cells are text. */
export function table(
  caption: string,
  head: string[],
  rows: (string | number)[][],
  attrs: Record<string, string>[] = [],
): HTMLTableElement {
  // Focusable: a table wider than the screen scrolls sideways, by keyboard too.
  const t = el('table', { tabIndex: 0 }, ...(caption ? [el('caption', { textContent: caption })] : []));
  t.append(el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', textContent: h })))));
  t.append(
    el(
      'tbody',
      {},
      ...rows.map((r, i) => {
        const tr = el('tr', {}, ...r.map((c) => el('td', { textContent: String(c) })));
        for (const [k, v] of Object.entries(attrs[i] ?? {})) tr.dataset[k] = v;
        return tr;
      }),
    ),
  );
  return t;
}

/** Copies text, then says so on the button for a moment. */
export async function copy(button: HTMLButtonElement, text: string) {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy failed (select the text below)';
  }
  button.dataset.copied = text;
  setTimeout(() => {
    button.textContent = label;
  }, 1500);
}

/** Saves text (or a blob) as a file (a local blob: nothing leaves the page). */
export function download(name: string, type: string, content: string | Blob) {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Width for a plot in its container (phones get narrow plots). */
export const widthOf = (container: HTMLElement, max = 560) => Math.max(280, Math.min(max, container.clientWidth || max));

/** A background run's end by an error: "Cancelled." when it was aborted, else its message, and
 * the body's `data-<key>` saying which ('cancelled' or 'error'). */
export function failed(e: unknown, status: HTMLElement, key: string, cancelled = 'Cancelled.') {
  const aborted = (e as { code?: string }).code === 'aborted';
  status.textContent = aborted ? cancelled : `Error: ${(e as Error).message}`;
  document.body.dataset[key] = aborted ? 'cancelled' : 'error';
}

/** A view's long computation (on the background instance): the body's `data-<key>` says where it
 * is ('running', then 'done', 'cancelled' or 'error'), its cancel button is live meanwhile, and a
 * failure is reported in `status`. */
export async function backgroundRun(key: string, status: HTMLElement, cancel: HTMLButtonElement, work: () => Promise<void>) {
  cancel.disabled = false;
  document.body.dataset[key] = 'running';
  try {
    await work();
    document.body.dataset[key] = 'done';
  } catch (e) {
    failed(e, status, key);
  } finally {
    cancel.disabled = true;
  }
}
