"""Accessibility by audit: axe-core (from the axe-playwright-python wheel, installed by
scripts/install-deps into .build-axe/) runs in the real pages, with the drag layer loaded, and any
violation fails the test. Also: focus is visible, and every card and button has a name."""
import os
import unittest

import subprocess

from dragkit import DragTestCase
from harness import BINARY, ROOT, Server, chromium

AXE = os.path.join(ROOT, ".build-axe", "axe_playwright_python", "axe.min.js")


def audit(driver, context="document"):
    """Runs axe in the page (DevTools evaluation is outside the page's CSP); returns violations as text."""
    if not os.path.exists(AXE):
        raise AssertionError(f"{AXE} is missing: run scripts/install-deps")
    with open(AXE, encoding="utf-8") as file:
        driver.execute_script(file.read())
    driver.set_script_timeout(30)
    result = driver.execute_async_script(f"""
        const done = arguments[arguments.length - 1];
        axe.run({context}, {{ resultTypes: ['violations'] }})
          .then((result) => done({{ passed: result.passes.length, violations: result.violations.map((v) =>
            v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')) }}))
          .catch((error) => done({{ passed: 0, violations: ['axe failed: ' + error] }}));""")
    if not result["violations"] and result["passed"] < 10:
        return [f"axe checked almost nothing ({result['passed']} rules passed): is the page empty?"]
    return result["violations"]


class AccessibilityTests(DragTestCase):
    def seed(self):
        ids = self.api.add("today", ["Reply to Anna", "Review pull request #42", "Book the dentist"], finished=["Book the dentist"])
        ids.update(self.api.add("next", ["Draft the quarterly report"]))
        self.api.post(f"/tasks/{ids['Draft the quarterly report']}/finish", {"finished": "false"})
        self.api.post(f"/tasks/{ids['Reply to Anna']}", {"important": "true", "notes": "Dates for the offsite"})
        return ids

    def test_the_board_passes_axe_at_rest_with_a_lifted_card_and_with_a_message_showing(self):
        ids = self.seed()
        self.open_board()
        self.assertEqual(audit(self.driver), [])
        self.js("document.getElementById(arguments[0]).focus()", f"task-{ids['Review pull request #42']}")
        self.key("Space")
        self.key("ArrowRight")
        self.assertEqual(audit(self.driver), [], "while a card is lifted by keyboard")
        self.key("Space")
        self.settled()
        self.assertIn("Moved", self.status_text())
        self.assertEqual(audit(self.driver), [], "with the undo notice showing")

    def test_a_task_page_and_an_error_page_pass_axe(self):
        self.expected_console = (r"status of 404",)
        ids = self.seed()
        self.driver.get(f"{self.server.url}/tasks/{ids['Reply to Anna']}")
        self.assertEqual(audit(self.driver), [])
        self.assertEqual(self.csp_violations(), [])
        self.driver.get(f"{self.server.url}/tasks/9999")
        self.assertIn("Not found", self.driver.title)
        self.assertEqual(audit(self.driver), [])

    def test_the_import_pages_and_a_preview_pass_axe(self):
        import json
        ids = self.seed()
        self.driver.get(f"{self.server.url}/import")
        self.assertEqual(audit(self.driver), [], "the import and export page")
        export = json.loads(self.server.request("/export")[2])
        self.driver.find_element("id", "import-json").send_keys(json.dumps(export))
        self.driver.find_element("css selector", ".import-form button[type=submit]").click()
        # The board's own export: every task is there already, made here, so the page says so first.
        self.wait(lambda d: "Before importing" in d.title, message="the review page loaded")
        self.assertIn("made on this board and are still here", self.driver.page_source)
        self.assertEqual(audit(self.driver), [], "the review before an import")
        self.driver.find_element("css selector", ".import-review button[type=submit]").click()
        self.wait(lambda d: "Imported" in d.title, message="the import summary loaded")
        self.assertEqual(audit(self.driver), [], "the import summary")
        # A Trello board: where each list goes is chosen first.
        self.driver.get(f"{self.server.url}/import")
        with open(os.path.join(ROOT, "Tests", "PlanWebTests", "Fixtures", "trello-small.json"), encoding="utf-8") as file:
            self.js("document.getElementById('import-json').value = arguments[0]", file.read())
        self.driver.find_element("css selector", ".import-form button[type=submit]").click()
        self.wait(lambda d: d.find_elements("css selector", ".import-mapping select"), message="the list mapping loaded")
        self.assertEqual(audit(self.driver), [], "choosing where a Trello board's lists go")
        self.driver.get(f"{self.server.url}/tasks/{ids['Reply to Anna']}")
        self.assertEqual(audit(self.driver), [], "a task page with notes")
        self.driver.find_element("css selector", ".edit-panel > summary").click()
        self.wait(lambda d: self.js("return document.activeElement.id") == "title", message="focus goes on to the title field")
        self.assertFalse(self.driver.find_element("css selector", ".edit-panel > summary").is_displayed(), "Edit hides while its form is open")
        field = self.js("const s = getComputedStyle(document.getElementById('title')); return [s.backgroundColor, getComputedStyle(document.querySelector('.task-sheet')).backgroundColor]")
        self.assertEqual(field[0], field[1], "the field is as white as its sheet, not greyed as if switched off")
        self.assertEqual(audit(self.driver), [], "a task page with its editor open")
        notes = self.driver.find_element("id", "notes")
        notes.clear()
        notes.send_keys("<h2>Plan</h2><ul><li>one</li></ul><script>x()</script><table><tr><th>a</th></tr><tr><td>1</td></tr></table>")
        self.driver.find_element("css selector", "button[name=preview]").click()
        self.wait(lambda d: "Preview: what will be kept" in d.page_source, message="the preview loaded")
        self.assertEqual(audit(self.driver), [], "a notes preview")

    def test_the_card_menu_a_folded_column_a_refused_add_and_the_actions_page_pass_axe(self):
        ids = self.seed()
        self.open_board()
        self.js("document.querySelector(arguments[0]).click()", f"#task-{ids['Reply to Anna']} .task-more")
        self.wait(lambda d: not d.execute_script("return document.getElementById('card-menu-open').hidden"))
        self.assertEqual(audit(self.driver), [], "with the card menu open")
        self.key("Escape")
        self.js("document.querySelector('#column-today .finished-toggle').click()")
        self.wait(lambda d: d.execute_script("return document.getElementById('column-today').dataset.hideFinished") == "true")
        self.assertEqual(audit(self.driver), [], "with a column's finished tasks folded away")
        self.js("const f = document.getElementById('new-next'); f.removeAttribute('maxlength'); f.value = 'x'.repeat(201); f.form.requestSubmit()")
        self.wait(lambda d: not d.execute_script("return document.getElementById('new-next-error').hidden"))
        self.assertEqual(audit(self.driver), [], "with a refused title beside the add field")
        self.driver.get(f"{self.server.url}/tasks/{ids['Reply to Anna']}/actions")
        self.assertEqual(audit(self.driver), [], "the actions page")
        self.driver.find_element("xpath", "//button[normalize-space()='Delete']").click()
        self.wait(lambda d: d.find_elements("css selector", ".banner-undo"))
        self.assertEqual(audit(self.driver), [], "with the notice of a delete made without JavaScript")
        self.expected_console = (r"status of 422",)

    def test_a_carried_card_settings_the_logbook_search_and_the_login_page_pass_axe(self):
        ids = self.seed()
        self.open_board()
        start = self.center(f"#task-{ids['Reply to Anna']}")
        self.mouse_drag(start, (start[0] + 300, start[1] + 40), release=False)
        self.wait(lambda d: self.js("return document.querySelector('.drag-snapshot') !== null"), message="the card is carried")
        self.assertEqual(audit(self.driver), [], "with a card carried by the mouse over another column")
        self.key("Escape")
        self.mouse("mouseReleased", start[0] + 300, start[1] + 40, buttons=0)
        for where, path in (("settings", "/settings"), ("the logbook", "/logbook"), ("search results", "/search?q=anna"),
                            ("a search with no results", "/search?q=zzzz")):
            self.driver.get(self.server.url + path)
            self.assertEqual(audit(self.driver), [], where)
        token = subprocess.run([BINARY, "token"], capture_output=True, text=True, check=True).stdout.strip()
        guarded = Server(extra_args=["--access-token", token]).start()
        self.addCleanup(guarded.cleanup)
        self.driver.get(guarded.url + "/")
        self.assertIn("/login", self.driver.current_url)
        self.assertEqual(audit(self.driver), [], "the login page")
        self.driver.find_element("css selector", "input[type=password], input[name=token]").send_keys("not-the-token\n")
        self.wait(lambda d: d.find_elements("css selector", ".banner-error, .field-error"), message="the refusal shows")
        self.assertEqual(audit(self.driver), [], "the login page refusing a wrong token")
        self.expected_console = (r"status of 401",)

    def test_cards_and_buttons_have_names_and_keyboard_focus_is_visible(self):
        self.seed()
        self.open_board()
        unnamed = self.js("""
            return [...document.querySelectorAll('#board .task, #board button, #board a, #board input:not([type=hidden])')]
              .filter((e) => !(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.labels?.length || e.textContent.trim()))
              .map((e) => e.outerHTML.slice(0, 80));""")
        self.assertEqual(unnamed, [])
        # Tab from the top of the page to the first card, as a keyboard user would (past the skip
        # links, the header's search field and links, the language switch and the add forms).
        for _ in range(20):
            self.key("Tab")
            if self.js("return document.activeElement.classList.contains('task')"):
                break
        style = self.js("const s = getComputedStyle(document.activeElement); return [document.activeElement.className, s.outlineStyle, parseFloat(s.outlineWidth)]")
        self.assertEqual(style[0], "task")
        self.assertEqual(style[1], "solid", "the focused card shows an outline")
        self.assertGreaterEqual(style[2], 2)


class AccessibilityInTheDarkScheme(AccessibilityTests):
    """Every page and state above again, with the browser asking for the dark scheme: axe's contrast
    rule reads the dark colours."""
    dark = True

    def test_the_scheme_is_dark(self):
        self.open_board()
        self.assertEqual(self.js("return getComputedStyle(document.body).backgroundColor"), "rgb(20, 23, 28)")


class DarkAndPhoneAccessibilityTests(DragTestCase):
    def test_the_board_passes_axe_in_dark_mode_and_on_a_phone(self):
        ids = self.api.add("today", ["Reply to Anna", "Book the dentist"], finished=["Book the dentist"])
        self.api.add("later", ["Plan a weekend in Lisbon"])
        for options in ({"dark": True}, {"width": 390, "height": 844, "mobile": True, "touch": True}):
            driver = chromium(**options)
            self.addCleanup(driver.quit)
            driver.get(self.server.url + "/")
            self.assertEqual(audit(driver), [], options)
            driver.execute_script("document.getElementById(arguments[0]).focus()", f"task-{ids['Book the dentist']}")
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "key": " ", "code": "Space", "text": " ", "windowsVirtualKeyCode": 32})
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": " ", "code": "Space", "windowsVirtualKeyCode": 32})
            self.assertEqual(audit(driver), [], f"{options}, with the refusal message showing")
            self.assertEqual([e for e in driver.get_log("browser") if e["level"] == "SEVERE"], [])

    def test_the_audit_catches_a_violation(self):
        # The audit itself can fail: an unnamed button added to the board must be reported.
        self.open_board()
        self.js("const b = document.createElement('button'); document.getElementById('board').append(b)")
        self.assertTrue(any(v.startswith("button-name") for v in audit(self.driver)))


if __name__ == "__main__":
    unittest.main()
