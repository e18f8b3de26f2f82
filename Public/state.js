// What the drag layer's modules share: the board element and the gesture under way, if any.

/**
 * `drag` is the card being carried (pointer.js or keyboard.js set it; null when none), and
 * `pending` a press that may still become a drag.
 */
export const state = {
  /** @type {HTMLElement|null} the `<main id="board">` */
  board: document.getElementById('board'),
  /** @type {null|{type: string, card: HTMLElement}} */
  drag: null,
  /** @type {null|{card: HTMLElement, pointerId: number, type: string}} */
  pending: null,
};
