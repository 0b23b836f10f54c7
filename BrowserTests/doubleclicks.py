"""The most ordinary mistake: a double-click on a form's button. When the first
answer is slow, Chromium sends the form twice; the console must do it once
(issue 20: a grant was given twice, a sweepstakes made twice, a CSV file
scheduled and then refused).

On this machine the console answers before a second click can send anything
(Chromium's own double-click sent one POST in every try), so the page sends
its real form twice itself, with the same fields and tokens the button
would send, the second as the first is answered, then goes where the
second answer led, as the browser would after the second click."""
import os
import re
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from flows import OWNER, click_and_load, sign_in, sign_out, wait_for
from layout import WIDTHS, overflow
from questions import free_days, upload


def posts_to(server, pattern):
    """POSTs the server has answered whose path matches `pattern`, from its request log."""
    with open(server.log.name, encoding="utf-8", errors="replace") as log:
        return len(re.findall(r"POST " + pattern + r" \d{3}", log.read()))


def submit_twice_and_load(browser, server, css, path_pattern):
    """Send the form holding the button at `css` twice, show the page the
    second answer led to, and return how many POSTs the server answered."""
    before = posts_to(server, path_pattern)
    browser.execute_script("document.documentElement.dataset.leaving = 'yes'")
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const form = document.querySelector(arguments[0]).form;
        const send = () => fetch(form.action, {method: 'POST', body: new URLSearchParams(new FormData(form)), credentials: 'same-origin'});
        // The second leaves as the first is answered: the moment a slow first answer gives a second click.
        send().then(() => send()).then(second => { window.location.href = second.url; done(); });
    """, css)

    def next_page_loaded(driver):
        try:
            return driver.execute_script(
                "return document.readyState === 'complete' && document.documentElement.dataset.leaving !== 'yes'")
        except WebDriverException:
            return False

    WebDriverWait(browser, 10).until(next_page_loaded)
    wait_for(browser, "h1")
    # A request's log line is written as it is answered: poll briefly for the file to show both.
    deadline = time.time() + 5
    while posts_to(server, path_pattern) - before < 2 and time.time() < deadline:
        time.sleep(0.05)
    return posts_to(server, path_pattern) - before


def a_sweepstakes_with_an_entrant(server):
    """A running sweepstakes of its own, with one entrant holding 2 entries, written as the app writes them."""
    name = f"Double click {int(time.time() * 1000)}"
    server.execute("INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, created_at) "
                   "VALUES (?, 'A bike', date('now', '-1 day'), date('now', '+30 days'), 'open', datetime('now'))", name)
    sweepstakes_id, = server.query("SELECT id FROM sweepstakes WHERE name = ?", name)
    user_id, uuid = server.query("SELECT id, uuid FROM users ORDER BY id LIMIT 1")
    for _ in range(2):
        server.execute("INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) "
                       "VALUES (?, ?, 1, 'daily_stand', datetime('now'))", sweepstakes_id, user_id)
    return sweepstakes_id, user_id, uuid


def test_a_double_clicked_grant_grants_once(browser, server):
    sweepstakes_id, user_id, uuid = a_sweepstakes_with_an_entrant(server)
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(f"{server.base}/sweepstakes/{sweepstakes_id}/entrant?user={uuid}")
    # First a refusal (no quantity): the report's "every time" case is the page shown again.
    browser.find_element(By.ID, "grant-reason").send_keys("Ticket 5120: outage")
    click_and_load(browser, "form[action$='/grant'] button")
    assert "Grant a whole number of entries" in browser.page_source
    valid, = server.query("SELECT valid_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?", sweepstakes_id, user_id)
    browser.find_element(By.ID, "grant-quantity").send_keys("3")
    posts = submit_twice_and_load(browser, server, "form[action$='/grant'] button", rf"/sweepstakes/{sweepstakes_id}/grant")
    assert posts >= 2, f"the server answered {posts} POST(s), not the two sent"
    after, = server.query("SELECT valid_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?", sweepstakes_id, user_id)
    assert after == valid + 3, f"{posts} POSTs: valid entries {valid} → {after}"
    text = browser.find_element(By.CSS_SELECTOR, "main").text
    assert "Granted 3 entries to " in text and f"they now have {valid + 3:,} valid entries here." in text, text
    assert "This form was already sent at" in text and "sending it again changed nothing" in text
    shots = os.path.join(server.root, ".build", "screenshots")
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        assert overflow(browser) <= 0, f"{width}px: the page after a repeated grant scrolls sideways"
        browser.save_screenshot(os.path.join(shots, f"repeated-grant-{width}.png"))
    browser.set_window_size(1280, 900)
    sign_out(browser)


def test_a_double_clicked_new_sweepstakes_is_made_once(browser, server):
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/sweepstakes/new")
    name = f"Double click {int(time.time() * 1000)}"
    browser.find_element(By.ID, "name").send_keys(name)
    browser.find_element(By.ID, "prize").send_keys("A bike")
    for field, value in (("startsOn", "2031-03-01"), ("endsOn", "2031-03-31")):
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, field), value)
    posts = submit_twice_and_load(browser, server, "form[action='/sweepstakes/new'] button", r"/sweepstakes/new")
    assert posts >= 2, f"the server answered {posts} POST(s), not the two sent"
    assert server.query("SELECT COUNT(*) FROM sweepstakes WHERE name = ?", name) == (1,)
    assert name in browser.find_element(By.CSS_SELECTOR, "h1").text
    sign_out(browser)


def test_a_double_clicked_csv_apply_schedules_once_and_says_done(browser, server):
    days = free_days(server, 5, start=200)
    rows = "".join(f"{day},Double click question number {n + 1}?,Yes,No\n" for n, day in enumerate(days))
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    upload(browser, server, "date,text,choice1,choice2\n" + rows)
    assert "All 5 rows can be scheduled." in browser.find_element(By.ID, "preview-ok").text
    posts = submit_twice_and_load(browser, server, "#apply", r"/questions/upload/apply")
    assert posts >= 2, f"the server answered {posts} POST(s), not the two sent"
    text = browser.find_element(By.CSS_SELECTOR, "main").text
    assert f"Scheduled 5 questions from the file, {days[0]} to {days[-1]}." in text, text[:400]
    assert "expired" not in text
    assert server.query("SELECT COUNT(*) FROM daily_questions WHERE text LIKE 'Double click question number %'") == (5,)
    sign_out(browser)


ALL = [test_a_double_clicked_grant_grants_once, test_a_double_clicked_new_sweepstakes_is_made_once,
       test_a_double_clicked_csv_apply_schedules_once_and_says_done]
