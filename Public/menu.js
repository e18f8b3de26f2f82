// The card menu: "⋯" on a card opens the choices the server drew once into the
// page (`<template id="card-menu">`, the same choices `/tasks/ID/actions` offers without
// JavaScript). Arrow keys move through it, Escape or a click elsewhere closes it.
import { listOfCard, visibleCardsIn } from './cards.js';
import { setMenuOpen } from './state.js';
import { t } from './strings.js';

/** The choices that change a card without moving it: a finished card still has them. */
const EDITS = new Set(['finish', 'reopen', 'important', 'unimportant', 'rename', 'select', 'delete']);

let menu = null;
let opener = null;
let chosen = null;
let forCard = null;
/** Where focus goes back to on closing: what had it when the menu opened (the card for M, or "⋯"). */
let returnTo = null;

/**
 * Prepares the menu and opens it from each card's "⋯".
 * @param {HTMLElement} board
 * @param {(card: HTMLElement, action: string) => void} choose runs the chosen action for the card
 */
export function setupMenu(board, choose) {
  const template = document.getElementById('card-menu');
  if (!template) return;
  menu = template.content.firstElementChild.cloneNode(true);
  menu.id = 'card-menu-open';
  menu.hidden = true;
  menu.setAttribute('aria-label', t('menu'));
  // Inside a landmark (the page header), which the board's redraws never replace; it is fixed on screen.
  (document.querySelector('.app-header') ?? document.body).append(menu);
  chosen = choose;

  for (const link of board.querySelectorAll('.task-more')) prepare(link);
  new MutationObserver(() => {
    for (const link of board.querySelectorAll('.task-more:not([role])')) prepare(link);
  }).observe(board, { childList: true, subtree: true });
  board.addEventListener('click', (event) => {
    const link = event.target.closest('.task-more');
    if (!link) return;
    event.preventDefault();
    if (forCard === link.closest('.task')) close();
    else open(link.closest('.task'));
  });
  menu.addEventListener('click', (event) => {
    const item = event.target.closest('.menu-item');
    if (!item || item.disabled) return;
    const card = forCard;
    close({ focus: false });
    chosen(card, item.dataset.action);
  });
  menu.addEventListener('keydown', onMenuKey);
  window.addEventListener('resize', () => close({ focus: false }));
  board.addEventListener('scroll', () => close({ focus: false }), { capture: true, passive: true });
}

/** With JavaScript, "⋯" is a button that opens a menu, not a link to another page. */
function prepare(link) {
  link.setAttribute('role', 'button');
  link.setAttribute('aria-haspopup', 'menu');
  link.setAttribute('aria-expanded', 'false');
  link.setAttribute('aria-controls', 'card-menu-open');
}

/**
 * Opens the menu for `card`, offering only what applies where it is now.
 * @param {HTMLElement} card
 * @param {{start?: string}} [options] `start`: focus the first choice whose action begins so
 *   (`schedule:` for the scheduling shortcut) rather than the first of all
 */
export function open(card, { start = '' } = {}) {
  if (!menu) return;
  close({ focus: false });
  forCard = card;
  opener = card.querySelector('.task-more');
  returnTo = card.contains(document.activeElement) ? document.activeElement : opener;
  const column = card.closest('[data-column]').dataset.column;
  const cards = visibleCardsIn(listOfCard(card));
  const index = cards.indexOf(card);
  const finished = card.dataset.finished === 'true';
  const important = card.dataset.important === 'true';
  // The finish and the importance the card does not have yet; its own column is no move.
  const hidden = { finish: finished, reopen: !finished, important, unimportant: !important, [column]: true };
  for (const item of menu.querySelectorAll('.menu-item')) {
    const action = item.dataset.action;
    item.hidden = hidden[action] === true;
    item.disabled = !EDITS.has(action) && (finished
      || ((action === 'top' || action === 'up') && index <= 0)
      || ((action === 'down' || action === 'bottom') && index >= cards.length - 1));
  }
  menu.hidden = false;
  setMenuOpen(true);
  // A press anywhere else closes it; listened to only while it is open.
  document.addEventListener('pointerdown', onPressElsewhere, true);
  opener?.setAttribute('aria-expanded', 'true');
  place(opener ?? card);
  (items().find((item) => item.dataset.action.startsWith(start)) ?? items()[0])?.focus();
}

/** Closes the menu; focus goes back to where it was when the menu opened unless told otherwise. */
export function close({ focus = true } = {}) {
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  document.removeEventListener('pointerdown', onPressElsewhere, true);
  setMenuOpen(false);
  opener?.setAttribute('aria-expanded', 'false');
  if (focus && returnTo?.isConnected) returnTo.focus();
  opener = returnTo = null;
  forCard = null;
}

function onPressElsewhere(event) {
  if (!menu.contains(event.target) && !event.target.closest?.('.task-more')) close({ focus: false });
}

function items() {
  return Array.from(menu.querySelectorAll('.menu-item')).filter((item) => !item.hidden && !item.disabled);
}

/** Below the anchor, right-aligned to it; above it when there is no room below; on screen. */
function place(anchor) {
  const box = anchor.getBoundingClientRect();
  menu.style.left = '0px';
  menu.style.top = '0px';
  const size = menu.getBoundingClientRect();
  const left = Math.max(8, Math.min(box.right - size.width, innerWidth - size.width - 8));
  const below = box.bottom + 4;
  const top = below + size.height <= innerHeight - 8 ? below : Math.max(8, box.top - size.height - 4);
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
}

function onMenuKey(event) {
  const list = items();
  const at = list.indexOf(document.activeElement);
  const go = (index) => list[(index + list.length) % list.length]?.focus();
  if (event.key === 'ArrowDown') go(at + 1);
  else if (event.key === 'ArrowUp') go(at - 1);
  else if (event.key === 'Home') go(0);
  else if (event.key === 'End') go(list.length - 1);
  else if (event.key === 'Escape') close();
  else if (event.key === 'Tab') {
    close(); // back on "⋯", from where Tab then moves on as usual
    return;
  } else return;
  event.preventDefault();
  event.stopPropagation();
}
