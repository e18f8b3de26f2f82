// Talking to the server and keeping the page true to what it decided: posts, the board's revision
// and counts, each card's move buttons, and re-drawing the board from the server's state.

const COLUMNS = [['today', 'Today'], ['next', 'Next'], ['later', 'Later']];
const REQUEST_TIMEOUT = 15000;

/** The session's CSRF token, as every form on the page carries it. */
export function csrfToken() {
  return document.querySelector('input[name="csrf"]')?.value ?? '';
}

/** A fresh id for one move, so a retried request is applied once. */
export function newMoveID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'js-' + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Posts form fields the way the page's forms do, asking for JSON.
 * @param {string} path
 * @param {Record<string, string>} fields
 * @returns {Promise<{status: number, body: any}>} rejects when the server can't be reached
 */
export async function post(path, fields) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT);
  try {
    const response = await fetch(path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() },
      credentials: 'same-origin',
      signal: abort.signal,
    });
    let body = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy's error page, say): the status still tells what happened.
    }
    return { status: response.status, body };
  } finally {
    clearTimeout(timer);
  }
}

/** The cards in a list, in order (the drop placeholder is not one). */
export function cardsIn(list) {
  return Array.prototype.filter.call(list.children, (child) => child.classList.contains('task'));
}

function nextCard(card) {
  let next = card.nextElementSibling;
  while (next && !next.classList.contains('task')) next = next.nextElementSibling;
  return next;
}

/** A card's title as shown. */
export function titleOf(card) {
  return card.querySelector('.task-title')?.textContent.trim() ?? '';
}

/** The name of a column ("Today") from its id ("today"). */
export function columnName(id) {
  return COLUMNS.find(([key]) => key === id)?.[1] ?? id;
}

/**
 * Where a card sits now.
 * @returns {{column: string, index: number, count: number, after: string}} `after` is the id of the
 *   card before it ('' when first), which is what the server's move route takes.
 */
export function positionOf(card) {
  const list = card.parentElement;
  const cards = cardsIn(list);
  const index = cards.indexOf(card);
  return {
    column: list.closest('[data-column]').dataset.column,
    index,
    count: cards.length,
    after: index > 0 ? cards[index - 1].dataset.taskId : '',
  };
}

/** Sets every column's count (header, phone tab and the screen-reader label) from the cards shown. */
export function refreshCounts(board) {
  for (const section of board.querySelectorAll('.column')) {
    const count = cardsIn(section.querySelector('.tasks')).length;
    const badge = section.querySelector('[data-count]');
    if (badge) {
      badge.textContent = String(count);
      const label = badge.nextElementSibling;
      if (label?.classList.contains('visually-hidden')) label.textContent = count === 1 ? ' 1 task' : ` ${count} tasks`;
    }
    const tab = document.querySelector(`[data-column-tab="${section.dataset.column}"] [data-count]`);
    if (tab) tab.textContent = String(count);
  }
}

function hidden(name, value) {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = name;
  input.value = value;
  return input;
}

/** One no-JS move form, the same as the server draws, for the card where it sits now. */
function moveForm(card, kind, column, after, revision, ownColumn) {
  const id = card.dataset.taskId;
  const title = `“${titleOf(card)}”`;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `/tasks/${id}/move`;
  form.dataset.move = kind;
  form.append(
    hidden('csrf', csrfToken()), hidden('column', column), hidden('after', after),
    hidden('revision', revision), hidden('move_id', `form-${revision}-${id}-${column}-${after}`));
  const order = COLUMNS.findIndex(([key]) => key === column) - COLUMNS.findIndex(([key]) => key === ownColumn);
  const [symbol, label] = kind === 'up' ? ['↑', `Move ${title} up`]
    : kind === 'down' ? ['↓', `Move ${title} down`]
    : [order < 0 ? `← ${columnName(column)}` : `${columnName(column)} →`, `Move ${title} to ${columnName(column)}`];
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.className = 'chip';
  submit.setAttribute('aria-label', label);
  submit.title = label;
  submit.textContent = symbol;
  form.append(submit);
  return form;
}

/**
 * Gives every card in the list the move buttons that fit where it now sits (no ↑ on the first card,
 * a button for each other column), redrawing only the cards whose set of buttons is wrong.
 */
export function refreshChips(list, revision) {
  const board = list.closest('.board');
  const own = list.closest('[data-column]').dataset.column;
  const cards = cardsIn(list);
  cards.forEach((card, index) => {
    if (card.dataset.finished === 'true') return;
    const wanted = [];
    if (index > 0) wanted.push(['up', own, index > 1 ? cards[index - 2].dataset.taskId : '']);
    if (index < cards.length - 1) wanted.push(['down', own, cards[index + 1].dataset.taskId]);
    for (const [other] of COLUMNS) {
      if (other === own) continue;
      const last = cardsIn(board.querySelector(`[data-column="${other}"] .tasks`)).at(-1);
      wanted.push(['column', other, last?.dataset.taskId ?? '']);
    }
    const forms = card.querySelectorAll('form[data-move]');
    const signature = (kind, column) => kind === 'column' ? `column:${column}` : kind;
    const have = Array.from(forms, (form) => signature(form.dataset.move, form.elements.column.value)).join();
    if (have === wanted.map(([kind, column]) => signature(kind, column)).join()) return;
    forms.forEach((form) => form.remove());
    const actions = card.querySelector('.task-actions');
    actions?.prepend(...wanted.map(([kind, column, after]) => moveForm(card, kind, column, after, revision, own)));
  });
}

/** Every column's move buttons, after the board changed in more than one place. */
export function refreshAllChips(board) {
  for (const list of board.querySelectorAll('.tasks')) refreshChips(list, board.dataset.revision);
}

/**
 * Makes the page show the board the server sent, by moving the cards it already has.
 * @param {HTMLElement} board the `#board` element
 * @param {{revision: number, columns: Record<string, Array<{id: number, title: string, finished: boolean, important: boolean}>>}} state
 * @returns {boolean} false when reordering can't do it (a task is new, gone or changed): then
 *   `reloadBoard` must redraw it.
 */
export function applyBoard(board, state) {
  const cards = new Map(Array.from(board.querySelectorAll('.task'), (card) => [card.dataset.taskId, card]));
  let seen = 0;
  for (const tasks of Object.values(state.columns)) {
    for (const task of tasks) {
      const card = cards.get(String(task.id));
      if (!card || card.dataset.finished !== String(task.finished) || card.dataset.important !== String(task.important)
        || titleOf(card) !== task.title) return false;
      seen += 1;
    }
  }
  if (seen !== cards.size) return false;
  const focused = document.activeElement;
  for (const [column, tasks] of Object.entries(state.columns)) {
    const list = board.querySelector(`[data-column="${column}"] .tasks`);
    if (!list) return false;
    let here = cardsIn(list)[0] ?? null;
    for (const task of tasks) {
      const card = cards.get(String(task.id));
      if (card === here) here = nextCard(here);
      else list.insertBefore(card, here);
    }
  }
  if (focused instanceof HTMLElement && document.activeElement !== focused && board.contains(focused)) {
    focused.focus({ preventScroll: true });
  }
  board.dataset.revision = String(state.revision);
  refreshCounts(board);
  refreshAllChips(board);
  return true;
}

/**
 * Fetches the board page and puts its board, column tabs and task count in place of the current
 * ones (the `#board` element itself stays, with its listeners).
 */
export async function reloadBoard(board) {
  const response = await fetch('/', { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = page.getElementById('board');
  if (!fresh) throw new Error('the page has no board');
  board.replaceChildren(...fresh.childNodes);
  board.dataset.revision = fresh.dataset.revision;
  for (const selector of ['.column-tabs', '.header-summary']) {
    const now = page.querySelector(selector);
    if (now) document.querySelector(selector)?.replaceWith(now);
  }
  describeCards(board);
  markCurrentTab(board);
}

/** Points every card at the hidden keyboard help (`#drag-help`). */
export function describeCards(board) {
  for (const card of board.querySelectorAll('.task')) card.setAttribute('aria-describedby', 'drag-help');
}

/** On a phone, where one column shows at a time, marks the tab of the column in view as current. */
export function markCurrentTab(board) {
  const tabs = document.querySelectorAll('[data-column-tab]');
  if (!tabs.length || board.scrollWidth <= board.clientWidth) return;
  const columns = board.querySelectorAll('.column');
  const page = columns[1] ? columns[1].offsetLeft - columns[0].offsetLeft : board.clientWidth;
  const index = Math.round(board.scrollLeft / page);
  tabs.forEach((tab, i) => (i === index ? tab.setAttribute('aria-current', 'true') : tab.removeAttribute('aria-current')));
}
