"""Every page at a phone's width (390 px) and a laptop's (1280 px): no sideways
page scroll, every section of the navigation reachable without JavaScript, and
every row's actions on screen. Screenshots of each go to .build/screenshots/."""
import os

from selenium.webdriver.common.by import By

from flows import OWNER, sign_in, wait_for

WIDTHS = (390, 1280)


def pages(server):
    """(name, path) of every page, with real records from the seeded store."""
    uuid, email = server.query("SELECT uuid, email FROM users ORDER BY created_at DESC LIMIT 1")
    deleted = server.query("SELECT uuid FROM deleted_accounts LIMIT 1")
    listed = [
        ("dashboard", "/"),
        ("users", "/users"),
        ("users-search", "/users?q=" + email.split("@")[0][:3]),
        ("user", f"/users/{uuid}"),
        ("user-edit", f"/users/{uuid}/edit"),
        ("user-delete", f"/users/{uuid}/delete"),
        ("questions", "/questions"),
        ("suggestions", "/suggestions"),
        ("sweepstakes", "/sweepstakes"),
        ("deletion-requests", "/deletion-requests"),
        ("deletion-requests-done", "/deletion-requests?status=done"),
        ("deletion-requests-all", "/deletion-requests?status=all"),
        ("staff", "/staff"),
        ("audit", "/audit"),
        ("account", "/account"),
        ("account-second-factor", "/account/second-factor"),
    ]
    if deleted:
        listed.append(("tombstone", f"/users/{deleted[0]}"))
    other = server.query("SELECT id FROM staff WHERE email != ? AND disabled = 0 LIMIT 1", OWNER[0])
    if other:
        listed += [("staff-disable", f"/staff/{other[0]}/disable"), ("staff-sessions", f"/staff/{other[0]}/sessions")]
    answered = server.query("SELECT question_id FROM answers GROUP BY question_id ORDER BY COUNT(*) DESC LIMIT 1")
    if answered:
        listed.append(("question-results", f"/questions/{answered[0]}"))
    upcoming = server.query("SELECT id FROM daily_questions WHERE runs_on > date('now') ORDER BY runs_on LIMIT 1")
    if upcoming:
        listed += [("question", f"/questions/{upcoming[0]}"), ("question-edit", f"/questions/{upcoming[0]}/edit"),
                   ("question-unschedule", f"/questions/{upcoming[0]}/unschedule")]
    listed += [("question-new", "/questions/new"), ("question-upload", "/questions/upload")]
    suggestion = server.query("SELECT id FROM suggestions WHERE status = 'pending' LIMIT 1")
    if suggestion:
        listed.append(("suggestion-approve", f"/suggestions/{suggestion[0]}/approve"))
    listed.append(("suggestions-rejected", "/suggestions?status=rejected"))
    listed.append(("sweepstakes-new", "/sweepstakes/new"))
    open_one = server.query("SELECT id FROM sweepstakes WHERE status = 'open' ORDER BY id DESC LIMIT 1")
    if open_one:
        listed += [("sweepstakes-show", f"/sweepstakes/{open_one[0]}"), ("sweepstakes-close", f"/sweepstakes/{open_one[0]}/close"),
                   ("sweepstakes-cancel", f"/sweepstakes/{open_one[0]}/cancel")]
    later = server.query("SELECT id FROM sweepstakes WHERE starts_on > date('now') AND cancelled_at IS NULL ORDER BY id LIMIT 1")
    if not later:
        server.execute("INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, created_at) "
                       "VALUES ('Spring Stand', 'A bike', date('now', '+10 days'), date('now', '+40 days'), 'open', datetime('now'))")
        later = server.query("SELECT id FROM sweepstakes WHERE starts_on > date('now') ORDER BY id LIMIT 1")
    listed.append(("sweepstakes-edit", f"/sweepstakes/{later[0]}/edit"))
    closed_one = server.query("SELECT id FROM sweepstakes WHERE status = 'open' AND ends_on < date('now') ORDER BY id LIMIT 1")
    if closed_one:
        listed.append(("sweepstakes-draw", f"/sweepstakes/{closed_one[0]}/draw"))
        entrant = server.query("SELECT u.uuid FROM sweepstakes_entrants n JOIN users u ON u.id = n.user_id WHERE n.sweepstakes_id = ? "
                               "ORDER BY n.valid_entries DESC LIMIT 1", open_one[0])
        if entrant:
            listed.append(("sweepstakes-entrant", f"/sweepstakes/{open_one[0]}/entrant?user={entrant[0]}"))
    pending = server.query("SELECT id FROM deletion_requests WHERE status = 'pending' LIMIT 1")
    if pending:
        listed.append(("deletion-request-cancel", f"/deletion-requests/{pending[0]}/cancel"))
    return listed


def shoot_at_each_width(browser, server, name, what):
    """The page as it is now, at each width: it must not scroll sideways, and
    its whole height is saved as .build/screenshots/NAME-WIDTH.png (to look at)."""
    shots = os.path.join(server.root, ".build", "screenshots")
    os.makedirs(shots, exist_ok=True)
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        assert overflow(browser) <= 0, f"{width}px: {what} scrolls sideways by {overflow(browser)} px"
        height = browser.execute_script("return document.documentElement.scrollHeight")
        browser.set_window_size(width, min(max(height, 600), 4000))
        browser.save_screenshot(os.path.join(shots, f"{name}-{width}.png"))
    browser.set_window_size(1280, 900)


def overflow(browser):
    """How far the page is wider than the window, in CSS pixels (0 when it fits)."""
    return browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


def unreachable(browser, css):
    """Elements matching `css` that are not shown inside the window's width."""
    return browser.execute_script("""
        const width = window.innerWidth;
        return [...document.querySelectorAll(arguments[0])].filter(element => {
            const box = element.getBoundingClientRect();
            const hidden = box.width === 0 || box.height === 0;
            return hidden || box.left < 0 || box.right > width + 0.5;
        }).map(element => element.textContent.trim() || element.outerHTML.slice(0, 80));
    """, css)


def test_every_page_fits_a_phone_and_a_laptop(browser, server):
    shots = os.path.join(server.root, ".build", "screenshots")
    os.makedirs(shots, exist_ok=True)
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    problems = []
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        for name, path in pages(server):
            browser.get(server.base + path)
            wait_for(browser, "h1")
            if (extra := overflow(browser)) > 0:
                problems.append(f"{width}px {path}: {extra}px wider than the window")
            if missing := unreachable(browser, "nav.sections a"):
                problems.append(f"{width}px {path}: navigation out of reach: {missing}")
            if missing := unreachable(browser, "td.actions button, td.actions a"):
                problems.append(f"{width}px {path}: row actions out of reach: {missing}")
            height = browser.execute_script("return document.documentElement.scrollHeight")
            browser.set_window_size(width, min(max(height, 600), 4000))
            browser.save_screenshot(os.path.join(shots, f"{name}-{width}.png"))
            browser.set_window_size(width, 900)
    browser.get(server.base + "/login")
    assert not problems, "\n".join(problems)


ALL = [test_every_page_fits_a_phone_and_a_laptop]
