// What the buttons on and around a card do with JavaScript: the round check finishes or reopens
// the task, the menu's choices change it (quick-edits.js), move it (saved like a drag) or delete it
// (with Undo), a column's
// "Hide finished" folds its finished tasks away, and the header's Undo undoes. Each of these is a
// form button that also works without JavaScript; here the page stays put instead of reloading.
import { columnName, firstCard, listOfCard, putAfter, putCard, removeCard, titleOf, visibleCardsIn } from './cards.js';
import { refreshCounts } from './counts.js';
import { post, reasonOf } from './http.js';
import { slide, focusNear } from './keyboard.js';
import { homeOf, saveMove } from './moves.js';
import { finish, markImportant, rename } from './quick-edits.js';
import { showAnswer } from './reconcile.js';
import { focusCard, settle } from './rove.js';
import { toggle } from './selection.js';
import { schedule } from './schedule.js';
import { path } from './routes.js';
import { exclusively, isBusy, state } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';
import { undo } from './undo.js';

/**
 * Takes over the page form's buttons (they post through `#board-actions`).
 * @param {HTMLElement} board
 */
export function setupCardActions(board) {
  document.addEventListener('submit', (event) => {
    const button = event.submitter;
    if (!button || event.target.id !== 'board-actions') return;
    const card = button.closest('.task');
    const action = button.getAttribute('formaction');
    const run = button.classList.contains('task-check') && card ? () => finish(card, button.value === 'true')
      : button.classList.contains('finished-toggle') ? () => toggleFinished(button.closest('.column'))
      : action === path('undo') ? () => undo()
      : action === path('welcome') ? () => dismissWelcome(button.closest('.welcome'))
      : null;
    if (!run) return; // anything else posts as a form, as it would without JavaScript
    event.preventDefault();
    if (!state.drag) run();
  });
}

/**
 * Runs a choice from the card's menu.
 * @param {HTMLElement} card
 * @param {string} action finish, reopen, important, unimportant, rename, select, top, up, down, bottom, a
 *   column's id, delete, or schedule:CHOICE
 */
export function chooseAction(chosen, action) {
  // The card may have been drawn anew since the menu opened (another tab changed it).
  const card = document.getElementById(chosen.id);
  if (!card) {
    say(t('gone', { title: titleOf(chosen) }));
    return;
  }
  if (action === 'delete') {
    deleteCard(card);
    return;
  }
  const edits = {
    finish: () => finish(card, true),
    reopen: () => finish(card, false),
    important: () => markImportant(card, true),
    unimportant: () => markImportant(card, false),
    rename: () => rename(card),
    select: () => toggle(card, true),
  };
  if (edits[action]) {
    edits[action]();
    return;
  }
  if (action.startsWith('schedule:')) {
    schedule(card, action.slice('schedule:'.length));
    return;
  }
  if (isBusy()) {
    say(t('busy'));
    return;
  }
  const home = homeOf(card);
  const list = listOfCard(card);
  const shown = visibleCardsIn(list);
  const index = shown.indexOf(card);
  let change = null;
  if (action === 'top' && index > 0) change = () => putCard(card, list, firstCard(list));
  else if (action === 'up' && index > 0) change = () => putCard(card, list, shown[index - 1]);
  else if (action === 'down' && index < shown.length - 1) change = () => putAfter(card, shown[index + 1]);
  else if (action === 'bottom' && index < shown.length - 1) change = () => putCard(card, list, null);
  else {
    const target = state.board.querySelector(`[data-column="${action}"] .tasks`);
    if (target && target !== list) change = () => putCard(card, target, null);
  }
  if (!change) {
    say(t('alreadyThere', { title: titleOf(card) }));
    return;
  }
  slide([card], change);
  focusCard(card);
  saveMove(card, home, 'menu', null);
}

/** Deletes a task; the status bar offers Undo, which brings it back where it was. */
export async function deleteCard(card) {
  if (isBusy()) {
    say(t('busy'));
    return;
  }
  const home = homeOf(card);
  const list = listOfCard(card);
  const index = visibleCardsIn(list).indexOf(card);
  const title = titleOf(card);
  const hadFocus = card.contains(document.activeElement);
  await exclusively(async () => {
    const id = card.dataset.taskId;
    removeCard(card);
    refreshCounts(state.board);
    if (hadFocus) focusNear(list, index);
    let answer;
    try {
      answer = await post(path('delete', { id }), {});
    } catch {
      answer = null;
    }
    if (answer?.status === 200) {
      await showAnswer({ revision: answer.body?.revision, id, task: null }, 'delete').catch(() => {});
      say(t('deleted', { title }), { undo });
    } else if (answer?.status === 404) {
      say(t('alreadyDeleted', { title }));
    } else {
      putCard(card, home.list, home.next?.isConnected ? home.next : null);
      refreshCounts(state.board);
      say(t('notDeleted', { title, reason: reasonOf(answer) }), { kind: 'error' });
    }
  });
}

/** "Got it": the first-visit explanation goes, here and (the server remembers) for good. */
async function dismissWelcome(panel) {
  panel?.remove();
  document.querySelector('.add-task input[name="title"]')?.focus();
  try {
    await post(path('welcome'), {});
  } catch {
    // It shows again on the next visit to an empty board; nothing else is lost.
  }
}

/** Folds a column's finished tasks away or shows them again; the choice is kept by the server (a cookie). */
async function toggleFinished(section) {
  const hide = section.dataset.hideFinished !== 'true';
  const focused = document.activeElement;
  section.dataset.hideFinished = String(hide);
  const toggle = section.querySelector('.finished-toggle');
  if (toggle) toggle.value = String(hide);
  // A card that just went out of sight can't keep focus or the column's Tab stop.
  if (focused?.closest?.('.task[data-finished="true"]') && hide) toggle?.focus();
  settle(section.querySelector('.tasks'));
  say(t(hide ? 'finishedHidden' : 'finishedShown', { column: columnName(section.dataset.column) }));
  try {
    const answer = await post(path('columnFinished', { column: section.dataset.column }), { show: String(!hide) });
    if (answer.status !== 200) throw new Error(String(answer.status));
  } catch {
    say(t('choiceNotKept'), { kind: 'error' });
  }
}
