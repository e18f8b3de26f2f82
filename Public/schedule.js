// Scheduling a card from its menu: Tomorrow, This weekend and Next week set its when-date, counted
// by the server on the board's days (not this browser's clock); Pick a date asks for a day in a
// small dialog first. Each posts as the no-JS actions page does, and the card is drawn anew from
// the answer, its new date on it.
import { titleOf } from './cards.js';
import { networkMessage, post, reasonOf } from './http.js';
import { showAnswer } from './reconcile.js';
import { focusCard } from './rove.js';
import { path } from './routes.js';
import { exclusively, isBusy } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';
import { undo } from './undo.js';

/**
 * Schedules `card`.
 * @param {HTMLElement} card
 * @param {string} choice tomorrow, weekend, next-week, or pick (asks for a day first)
 */
export function schedule(card, choice) {
  if (choice === 'pick') pickDay(card);
  else save(card, choice);
}

/** Posts `when` for the card and shows the card the server draws back. */
async function save(card, when) {
  if (isBusy()) {
    say(t('busy'));
    return;
  }
  await exclusively(async () => {
    const id = card.dataset.taskId;
    let answer;
    try {
      answer = await post(path('schedule', { id }), { when });
    } catch {
      say(t('nothingChanged', { reason: networkMessage() }), { kind: 'error' });
      return;
    }
    if (answer.status !== 200) {
      say(t('nothingChanged', { reason: reasonOf(answer) }), { kind: 'error' });
      return;
    }
    try {
      await showAnswer({ revision: answer.headers.get('X-Board-Revision'), id, task: answer.body ?? { id }, html: answer.body?.html }, 'schedule');
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
      return;
    }
    const drawn = document.getElementById(`task-${id}`);
    if (drawn) focusCard(drawn);
    const dates = document.getElementById(`task-${id}-dates`)?.textContent ?? when;
    say(t('days.scheduled', { title: answer.body?.title ?? titleOf(card), dates }), { undo });
  });
}

/** A dialog with a date field; Schedule saves the day, Cancel or Escape leaves the card as it was. */
function pickDay(card) {
  const dialog = document.createElement('dialog');
  dialog.className = 'pick-day-dialog';
  const form = document.createElement('form');
  form.method = 'dialog';
  const label = document.createElement('label');
  label.textContent = t('days.pickTitle', { title: titleOf(card) });
  const input = document.createElement('input');
  input.type = 'date';
  input.name = 'when';
  input.required = true;
  input.min = '0001-01-01';
  input.max = '9999-12-31';
  label.append(input);
  const buttons = document.createElement('div');
  buttons.className = 'form-actions';
  const ok = Object.assign(document.createElement('button'), { type: 'submit', value: 'ok', className: 'button button-primary', textContent: t('days.pickButton') });
  const cancel = Object.assign(document.createElement('button'), { type: 'button', className: 'button', textContent: t('days.cancel') });
  cancel.addEventListener('click', () => dialog.close());
  buttons.append(ok, cancel);
  form.append(label, buttons);
  dialog.append(form);
  dialog.addEventListener('close', () => {
    const day = dialog.returnValue === 'ok' ? input.value : '';
    dialog.remove();
    const current = document.getElementById(card.id) ?? card;
    if (day) save(current, day);
    else if (current.isConnected) focusCard(current);
  });
  document.body.append(dialog);
  dialog.showModal();
  input.focus();
}
