// What is under way on the board, in one place: a press that may become a drag, the card being
// carried, a dropped card still landing, an open card menu, a title being renamed in place, and
// changes being saved. Every module
// asks here (and tells here) rather than guessing from another module's classes; the board's
// `aria-busy` follows the saves from here only.

const board = document.getElementById('board');
/** @type {null|{type: string, card: HTMLElement, pointerId: number|null}} the card being carried */
let drag = null;
/** @type {null|{card: HTMLElement, pointerId: number, type: string}} a press on a card that may still become a drag */
let pending = null;
/** Pointers pressed on the board and not yet released: a press may be about to lift a card. */
const presses = new Set();
let landings = 0;
let saves = 0;
let menuOpen = false;
let renaming = false;
/** Who waits for the board to settle (see `whenSettled`). */
let waiting = [];

/** The drag layer's shared state, to read; change it through the functions below. */
export const state = {
  /** @type {HTMLElement|null} the `<main id="board">` */
  board,
  /** The card being carried (pointer.js or keyboard.js sets it), or null. */
  get drag() {
    return drag;
  },
  /** A press that may still become a drag (pointer.js sets it), or null. */
  get pending() {
    return pending;
  },
};

/**
 * Records the card being carried, or (with null) that the carrying ended.
 * @param {null|{type: string, card: HTMLElement, pointerId: number|null}} value
 */
export function setDrag(value) {
  drag = value;
  changed();
}

/**
 * Records a press that may become a drag, or (with null) that it won't.
 * @param {null|{card: HTMLElement, pointerId: number, type: string}} value
 */
export function setPending(value) {
  pending = value;
  changed();
}

/**
 * Records that a pointer went down on the board (`down`) or came up or was cancelled.
 * @param {number} pointerId
 * @param {boolean} down
 * @param {boolean} [primary] a primary pointer going down: no other is down any more (a release
 *   the page never heard of is forgotten here)
 */
export function setPressed(pointerId, down, primary = false) {
  if (down && primary) presses.clear();
  if (down) presses.add(pointerId);
  else presses.delete(pointerId);
  changed();
}

/** Whether any pointer is pressed on the board. */
export function isPressed() {
  return presses.size > 0;
}

/**
 * Records that a dropped card's snapshot started (`true`) or stopped (`false`) gliding into place.
 * @param {boolean} started
 */
export function setLanding(started) {
  landings += started ? 1 : -1;
  changed();
}

/**
 * Records that a card's title is being renamed in place (quick-edits.js) or no longer is: while it
 * is, another tab's change waits, so the field and what is typed in it stay.
 * @param {boolean} open
 */
export function setRenaming(open) {
  renaming = open;
  changed();
}

/**
 * Records that the card menu opened or closed.
 * @param {boolean} open
 */
export function setMenuOpen(open) {
  menuOpen = open;
  changed();
}

/** Whether a change is being saved now (then drags and other saves wait). */
export function isBusy() {
  return saves > 0;
}

/**
 * Runs `work` (async) as a save: while it runs the board is busy (`aria-busy`), so drags and other
 * saves wait.
 * @param {() => Promise<void>} work
 * @returns {Promise<void>}
 */
export async function saving(work) {
  saves += 1;
  changed();
  try {
    await work();
  } finally {
    saves -= 1;
    changed();
  }
}

/**
 * Runs `work` as a save unless one is under way already.
 * @param {() => Promise<void>} work
 * @returns {Promise<boolean>} false, without running it, when something is being saved already
 */
export async function exclusively(work) {
  if (isBusy()) return false;
  await saving(work);
  return true;
}

/**
 * Whether nothing is under way: no press, no drag, no landing, no open menu, no rename, no save. Only then may
 * the page change under the person (another tab's change, a redraw).
 */
export function isSettled() {
  return presses.size === 0 && drag === null && pending === null && landings === 0 && !menuOpen && !renaming && saves === 0;
}

/**
 * Resolves once the board is settled (at once, in a task of its own, if it is now). The board may
 * be busy again by the time the caller runs: ask `isSettled()` then.
 * @returns {Promise<void>}
 */
export function whenSettled() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    changed();
  });
}

function changed() {
  const busy = saves > 0;
  if (board && board.hasAttribute('aria-busy') !== busy) {
    if (busy) board.setAttribute('aria-busy', 'true');
    else board.removeAttribute('aria-busy');
  }
  if (waiting.length && isSettled()) {
    const ready = waiting;
    waiting = [];
    setTimeout(() => ready.forEach((resolve) => resolve()), 0);
  }
}
