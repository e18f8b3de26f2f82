// Adding tasks quickly: Enter in a column's add field saves the task without reloading the page,
// empties the field and leaves the focus in it, so the next task can be typed at once. Tasks typed
// in a row are saved one after another, in the order they were typed; a refused one comes back into
// the field (or, if something new is being typed there, into the message) with the reason beside it.
import { cardOf, columnName, lastCard } from './cards.js';
import { post, reasonOf } from './http.js';
import { showAnswer } from './reconcile.js';
import { path } from './routes.js';
import { say } from './status.js';
import { t } from './strings.js';

/** Saves run one at a time, so tasks land in the order they were typed. */
let inOrder = Promise.resolve();

/**
 * Takes over the add forms of the board's columns.
 * @param {HTMLElement} board
 */
export function setupCapture(board) {
  board.addEventListener('submit', (event) => {
    const form = event.target.closest('.add-task');
    if (!form) return;
    event.preventDefault();
    const field = form.elements.title;
    const important = form.elements.important;
    const typed = { title: field.value, important: important.checked };
    field.value = '';
    important.checked = false;
    inOrder = inOrder.then(() => add(form, typed));
  });
}

async function add(form, typed) {
  const field = form.elements.title;
  const column = form.elements.column.value;
  let answer;
  try {
    const fields = { title: typed.title, column };
    if (typed.important) fields.important = 'true';
    answer = await post(path('addTask'), fields);
  } catch {
    answer = null;
  }
  if (answer?.status === 201) {
    showError(form, null);
    const id = answer.body.id;
    // A new task goes to the end of its column, unless the live stream has shown it already.
    const last = lastCard(form.closest('.column').querySelector('.tasks'));
    const placement = cardOf(id) ? undefined : { column, after: last?.dataset.taskId ?? null };
    try {
      await showAnswer({ revision: answer.headers.get('X-Board-Revision'), id, task: answer.body, html: answer.body.html, placement }, 'add');
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
      return;
    }
    // Into view now, and again once drawn: a card not drawn yet is scrolled to by an estimated
    // height (content-visibility in board.css), which can leave its foot under the list's edge.
    const card = cardOf(id);
    card?.scrollIntoView({ block: 'nearest' });
    requestAnimationFrame(() => requestAnimationFrame(() => card?.isConnected && card.scrollIntoView({ block: 'nearest' })));
    document.querySelector('.welcome')?.remove(); // the board is not empty any more
    say(t('added', { title: answer.body.title, column: columnName(column) }));
    return;
  }
  const reason = reasonOf(answer);
  if (!typed.title.trim()) {
    // Nothing but spaces: the reason alone says it (quoting the spaces would show “ ”).
    showError(form, reason);
    say(reason, { kind: 'error' });
    return;
  }
  // What was typed is never lost: back in the field if it is free, otherwise quoted in the message.
  if (field.value === '') {
    field.value = typed.title;
    form.elements.important.checked = typed.important;
    showError(form, `${reason}`);
  } else {
    showError(form, t('notAdded', { title: typed.title, reason }));
  }
  say(t('notAddedShort', { title: typed.title, reason }), { kind: 'error' });
}

/** The message under the field (and the field marked invalid), or neither. */
function showError(form, message) {
  const field = form.elements.title;
  const error = form.querySelector('.field-error');
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', error.id);
  } else {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
}
