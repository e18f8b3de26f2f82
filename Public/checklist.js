// A task's checklist on its page, when scripts run (without them each item's box is a button that
// posts its own small form, and the page comes back):
// - ticking or unticking an item (click, or Space/Enter on the focused box) shows at once, and is
//   posted in the background; when the server refuses it (the task changed elsewhere, say) the box
//   goes back as it was and the reason is shown under the notes;
// - ticks are sent one after another, each with the version the one before left, so quick ticks
//   of several items are not refused as stale by each other;
// - after a tick, the edit form carries the new version and notes, unless the person has changed
//   the notes there (then their save is checked against the version they started from);
// - in the notes field, Enter at the end of a `- [ ] item` line starts the next item, and Enter on
//   an empty item ends the list.
import { post } from './http.js';

const notes = document.querySelector('.notes.checklist');
const status = document.querySelector('.checklist-status');
const editForm = document.querySelector('form.edit-task');
const notesField = editForm?.querySelector('textarea[name="notes"]');

/** The notes the edit form was last given by the server (or the page), to tell them from the person's typing. */
let notesAsSaved = notesField?.value ?? '';
/** The ticks in flight: each waits for the one before. */
let queue = Promise.resolve();

/**
 * Gives every form on the page the task as the server now has it.
 * @param {{version: string, notesSource: string}} task the server's answer (the version is a string: it has more digits than a number keeps)
 */
function takeSaved(task) {
  const version = task.version;
  document.querySelectorAll('.check-form input[name="version"]').forEach((field) => { field.value = version; });
  if (notesField && notesField.value === notesAsSaved) {
    notesField.value = task.notesSource;
    notesAsSaved = task.notesSource;
    editForm.querySelector('input[name="version"]').value = version;
  }
}

/**
 * Posts one item's tick; on a refusal or no answer, puts its box back and says why.
 * @param {HTMLButtonElement} box
 * @param {boolean} ticked what the person made it
 */
async function send(box, ticked) {
  const form = box.form;
  const fields = Object.fromEntries(new FormData(form));
  fields.checked = String(ticked);
  let answer = null;
  try {
    answer = await post(form.action, fields);
  } catch {
    // No answer: said below.
  }
  box.removeAttribute('aria-busy');
  if (answer?.status === 200 && answer.body) {
    form.querySelector('input[name="checked"]').value = String(!ticked);
    takeSaved(answer.body);
    return;
  }
  box.setAttribute('aria-checked', String(!ticked));
  status.textContent = answer ? answer.body?.error?.message ?? status.dataset.refused : status.dataset.unreachable;
  box.dispatchEvent(new CustomEvent('planboard:refused', { bubbles: true, detail: { status: answer?.status ?? 0 } }));
}

notes?.addEventListener('click', (event) => {
  const box = event.target instanceof Element ? event.target.closest('.check-item') : null;
  if (!box) return;
  event.preventDefault();
  if (box.getAttribute('aria-busy') === 'true') return;
  const ticked = box.getAttribute('aria-checked') !== 'true';
  box.setAttribute('aria-checked', String(ticked));
  box.setAttribute('aria-busy', 'true');
  status.textContent = '';
  queue = queue.then(() => send(box, ticked));
});

/** A task list item's line up to the caret: its indent, its bullet and its text (absent for `- [ ]`). */
const itemLine = /^(\s*)([-*+]|\d+[.)]) \[[ xX]\](?: (.*))?$/;

/**
 * The notes field's Enter in a checklist: the next item after a filled one, the end of the list
 * after an empty one. Anything else (a selection, Shift+Enter, the middle of a line) is Enter as usual.
 * @param {KeyboardEvent} event
 */
function continueChecklist(event) {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
  const field = event.currentTarget;
  const at = field.selectionStart;
  if (at !== field.selectionEnd) return;
  const text = field.value;
  const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at);
  if (lineEnd !== at) return;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const found = itemLine.exec(text.slice(lineStart, at));
  if (!found) return;
  event.preventDefault();
  const [, indent, bullet, itemText] = found;
  if ((itemText ?? '').trim() === '') {
    // An empty item ends the list: its marker goes, the line stays.
    field.setRangeText('', lineStart, at, 'end');
  } else {
    const next = /^\d+/.test(bullet) ? `${Number.parseInt(bullet, 10) + 1}${bullet.slice(-1)}` : bullet;
    field.setRangeText(`\n${indent}${next} [ ] `, at, at, 'end');
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

notesField?.addEventListener('keydown', continueChecklist);
