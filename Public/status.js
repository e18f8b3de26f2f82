// The board's one status area: a visible, dismissible bar at the bottom of the screen whose text is
// a polite live region, so what sighted people read is what screen readers announce. How long a
// message stays up is a setting (config.js); errors stay until dismissed or replaced.
import { setting } from './config.js';
import { t } from './strings.js';

let bar, text, undoButton, closeButton;
let timer = 0;
let remaining = 0;
let shownAt = 0;
let onUndo = null;

function button(label, className) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = label;
  return element;
}

/**
 * Creates the status bar once, at the end of the page. Later calls do nothing.
 * @returns {HTMLElement} the bar
 */
export function setupStatus() {
  if (bar) return bar;
  bar = document.createElement('div');
  bar.className = 'status-bar';
  text = document.createElement('p');
  text.className = 'status-text';
  text.id = 'board-status';
  text.setAttribute('role', 'status');
  text.setAttribute('aria-live', 'polite');
  undoButton = button(t('undo'), 'button status-undo');
  closeButton = button('×', 'status-close');
  closeButton.setAttribute('aria-label', t('dismiss'));
  closeButton.title = t('dismissShort');
  undoButton.hidden = closeButton.hidden = true;
  bar.append(text, undoButton, closeButton);
  document.body.append(bar);

  closeButton.addEventListener('click', () => clearStatus());
  undoButton.addEventListener('click', () => {
    const undo = onUndo;
    clearStatus();
    undo?.();
  });
  // A message being read or reached for stays up.
  bar.addEventListener('pointerenter', pause);
  bar.addEventListener('focusin', pause);
  bar.addEventListener('pointerleave', resume);
  bar.addEventListener('focusout', resume);
  return bar;
}

function pause() {
  if (!timer) return;
  clearTimeout(timer);
  timer = 0;
  remaining = Math.max(setting('messageAtLeast'), remaining - (performance.now() - shownAt));
}

function resume() {
  if (timer || !remaining || bar.contains(document.activeElement)) return;
  shownAt = performance.now();
  timer = setTimeout(clearStatus, remaining);
}

/**
 * Shows (and announces) a message.
 * @param {string} message what happened, in plain words
 * @param {{kind?: 'info'|'error', undo?: () => void, sticky?: boolean}} [options]
 *   `undo` adds an Undo button; errors and `sticky` messages stay until dismissed or replaced.
 */
export function say(message, { kind = 'info', undo = null, sticky = false } = {}) {
  setupStatus();
  clearTimeout(timer);
  timer = 0;
  onUndo = undo;
  bar.dataset.kind = kind;
  bar.classList.add('is-open');
  text.textContent = message;
  undoButton.hidden = !undo;
  closeButton.hidden = false;
  remaining = kind === 'error' || sticky ? 0 : setting(undo ? 'undoMessageFor' : 'messageFor');
  resume();
}

/** Hides the bar and empties it. */
export function clearStatus() {
  if (!bar) return;
  clearTimeout(timer);
  timer = 0;
  remaining = 0;
  onUndo = null;
  const hadFocus = bar.contains(document.activeElement);
  bar.classList.remove('is-open');
  text.textContent = '';
  undoButton.hidden = closeButton.hidden = true;
  // Focus must not be left on a button that just disappeared.
  if (hadFocus) document.getElementById('content')?.focus({ preventScroll: true });
}
