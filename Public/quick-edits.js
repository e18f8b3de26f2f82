// Quick edits on a card, without leaving the board: finishing or reopening it (its round check, X,
// or the menu), marking it important or not (I, or the menu) and renaming it in place (F2 or E, or
// the menu: a field over its title, where Enter saves and Escape cancels). Each is saved as the
// server's ordinary change (the task's finish or edit route, the same the actions page posts to
// without JavaScript), drawn back by the server, announced, and undone by Undo.
import { cardOf, titleOf } from './cards.js';
import { networkMessage, post, reasonOf } from './http.js';
import { showAnswer } from './reconcile.js';
import { path } from './routes.js';
import { exclusively, isBusy, setRenaming } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';
import { undo } from './undo.js';

/**
 * Finishes a task, or reopens a finished one.
 * @param {HTMLElement} card
 * @param {boolean} finished
 */
export function finish(card, finished) {
  return change(card, path('finish', { id: card.dataset.taskId }), { finished: String(finished) }, 'finish',
    (title) => t(finished ? 'finishedTask' : 'reopened', { title }));
}

/**
 * Marks a task important, or no longer important.
 * @param {HTMLElement} card
 * @param {boolean} important
 */
export function markImportant(card, important) {
  return change(card, path('task', { id: card.dataset.taskId }), { important: String(important) }, 'edit',
    (title) => t(important ? 'markedImportant' : 'unmarkedImportant', { title }));
}

/**
 * Saves one change to a task and shows the card as the server drew it, or says why nothing changed.
 * @param {HTMLElement} card
 * @param {string} route
 * @param {Record<string, string>} fields
 * @param {string} cause what brought the change (for `planboard:sync`)
 * @param {(title: string) => string} said what to announce once saved, from the title saved
 * @returns {Promise<string|null>} null once saved, else why it was not
 */
async function change(card, route, fields, cause, said) {
  if (isBusy()) {
    say(t('busy'));
    return t('busy');
  }
  let refusal = null;
  await exclusively(async () => {
    const id = card.dataset.taskId;
    let answer;
    try {
      answer = await post(route, fields);
    } catch {
      answer = null;
    }
    if (answer?.status !== 200) {
      refusal = answer ? reasonOf(answer) : networkMessage();
      return;
    }
    try {
      await showAnswer({ revision: answer.headers.get('X-Board-Revision'), id, task: answer.body ?? { id }, html: answer.body?.html }, cause);
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
      return;
    }
    say(said(answer.body?.title ?? titleOf(card)), { undo });
  });
  if (refusal && !fields.title) say(t('nothingChanged', { reason: refusal }), { kind: 'error' });
  return refusal;
}

/**
 * Opens a field over the card's title: Enter saves the new title, Escape (or leaving it unchanged)
 * puts the title back as it was. A refused title stays in the field with the reason; nothing typed
 * is lost. While it is open, other tabs' changes wait (`setRenaming`).
 * @param {HTMLElement} card
 */
export function rename(card) {
  const open = card.querySelector('.task-rename');
  if (open) {
    open.focus();
    return;
  }
  const link = card.querySelector('.task-title');
  if (!link) return;
  const id = card.dataset.taskId;
  const old = titleOf(card);
  const field = Object.assign(document.createElement('input'), { type: 'text', className: 'task-rename', value: old, autocomplete: 'off', enterKeyHint: 'done' });
  field.setAttribute('aria-label', t('renameLabel', { title: old }));
  link.hidden = true;
  link.after(field);
  setRenaming(true);
  field.focus();
  field.select();
  say(t('renameHint'), { sticky: true });

  let saving = false;
  let closed = false;
  const close = () => {
    // Removing the focused field fires its blur (which would save and close it again) in Chromium.
    closed = true;
    field.remove();
    link.hidden = false;
    setRenaming(false);
  };
  /** Saves what was typed; `back`: the card takes the focus again (not when the person went elsewhere). */
  const save = async (back) => {
    const title = field.value;
    if (title.trim() === old) {
      close();
      say(t('renameCancelled', { title: old }));
      if (back) card.focus();
      return;
    }
    saving = true;
    field.setAttribute('aria-busy', 'true');
    const refusal = await change(card, path('task', { id }), { title }, 'edit', (saved) => t('renamed', { old, title: saved }));
    saving = false;
    field.removeAttribute('aria-busy');
    if (refusal === null) {
      // The card was drawn anew without the field; the new card takes the focus.
      setRenaming(false);
      if (field.isConnected) close();
      if (back) cardOf(id)?.focus();
      return;
    }
    field.setAttribute('aria-invalid', 'true');
    say(t('notRenamed', { title: old, reason: refusal }), { kind: 'error' });
    field.focus();
  };
  field.addEventListener('keydown', (event) => {
    // The card's own keys (Space lifts, Delete deletes…) are not for the field.
    event.stopPropagation();
    if (event.isComposing || saving) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      save(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      say(t('renameCancelled', { title: old }));
      card.focus();
    }
  });
  field.addEventListener('input', () => field.removeAttribute('aria-invalid'));
  // Leaving the field saves what was typed (as leaving a form field would); unchanged, it just closes.
  field.addEventListener('blur', () => {
    if (!saving && !closed && field.isConnected && !field.hasAttribute('aria-invalid')) save(false);
  });
}
