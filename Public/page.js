// What every page does when scripts run (each page works without it):
// - tells the server the reader's time zone, so the times it writes (a task's "created" and
//   "updated") are the reader's own: the cookie `pb_tz`, sent once and again only when the zone
//   changes; without it the pages write times in UTC and say so;
// - closes the language menu on Escape or a click elsewhere, as other menus do;
// - gives the header's search field its keys (`/` to focus it, Escape to empty it);
// - on a task's page, takes focus to the title field when Edit opens the form (Edit then hides).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const sent = document.cookie.split('; ').find((pair) => pair.startsWith('pb_tz='))?.slice('pb_tz='.length);
if (zone && (!sent || decodeURIComponent(sent) !== zone)) {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `pb_tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

const languageMenu = document.querySelector('.language-menu');
if (languageMenu) {
  document.addEventListener('click', (event) => {
    if (languageMenu.open && !languageMenu.contains(event.target)) languageMenu.open = false;
  });
  languageMenu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && languageMenu.open) {
      languageMenu.open = false;
      languageMenu.querySelector('summary').focus();
    }
  });
}

// The search field in the header: `/` focuses it from anywhere outside a field; Escape empties
// it (and, when already empty, leaves it).
const searchField = document.getElementById('search-q');
if (searchField) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select'))) return;
    event.preventDefault();
    searchField.focus();
    searchField.select();
  });
  searchField.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (searchField.value) {
      searchField.value = '';
    } else {
      searchField.blur();
    }
    event.preventDefault();
  });
}

// Edit hides once its form is open (board.css), so focus goes on to the form's first field.
const editPanel = document.querySelector('.edit-panel');
editPanel?.querySelector('summary')?.addEventListener('click', () => {
  if (!editPanel.open) requestAnimationFrame(() => editPanel.querySelector('input[name="title"]')?.focus());
});
