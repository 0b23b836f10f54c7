"""An owner runs a sweepstakes to its end: grant entries with a reason, export
the entrants, close it early, draw, and read the published winners."""
from selenium.webdriver.common.by import By

import os

from flows import OWNER, click_and_load, sign_in, sign_out, wait_for
from layout import WIDTHS, overflow


def test_owner_grants_exports_closes_and_draws(browser, server):
    sweepstakes_id, name = server.query("SELECT id, name FROM sweepstakes WHERE status = 'open' AND starts_on <= date('now') AND ends_on >= date('now') ORDER BY id DESC LIMIT 1")
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/sweepstakes")
    wait_for(browser, "table")
    click_and_load(browser, link_text=name)
    entrants_before = browser.find_element(By.ID, "total-valid").text

    # Grant three entries to the top entrant, with a reason.
    click_and_load(browser, link_text="Entries and corrections")
    valid = int(browser.find_element(By.ID, "valid-entries").text.replace(",", ""))
    browser.find_element(By.ID, "grant-quantity").send_keys("3")
    browser.find_element(By.ID, "grant-reason").send_keys("Ticket 4411: streak lost to an app outage")
    click_and_load(browser, "form[action$='/grant'] button")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert "Granted 3 entries to " in notice and f"they now have {valid + 3:,} valid entries here." in notice, notice
    assert int(browser.find_element(By.ID, "valid-entries").text.replace(",", "")) == valid + 3
    assert "Ticket 4411" in browser.find_element(By.CSS_SELECTOR, "table").text

    # A disqualification asks first, naming the entrant; keeping things as they are changes nothing.
    browser.find_element(By.ID, "disqualify-reason").send_keys("Two accounts, one person")
    heading = click_and_load(browser, "form[action$='/disqualify'] button").text
    assert heading.startswith("Disqualify ") and heading.endswith("?"), heading
    shots = os.path.join(server.root, ".build", "screenshots")
    os.makedirs(shots, exist_ok=True)
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        browser.save_screenshot(os.path.join(shots, f"confirm-disqualify-{width}.png"))
        assert overflow(browser) <= 0, f"the confirmation page overflows at {width} px by {overflow(browser)} px"
    browser.set_window_size(1280, 900)
    click_and_load(browser, link_text="Keep it as it is")
    assert "Disqualify from this sweepstakes" in browser.page_source
    click_and_load(browser, link_text=f"← Back to {name}")
    assert browser.find_element(By.ID, "total-valid").text != entrants_before

    # The export, fetched with the browser's own session.
    href = browser.find_element(By.LINK_TEXT, "Export entrants (CSV)").get_attribute("href")
    csv = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done);", href)
    assert csv.startswith("uuid,email,valid_entries,voided_entries,disqualified,disqualification_reason\r\n")
    assert csv.count("\r\n") > 2

    # Close early, then draw.
    click_and_load(browser, link_text="Close early…")
    browser.find_element(By.ID, "reason").send_keys("Prize ready early; drawing now")
    click_and_load(browser, "form[action$='/close'] button")
    assert "can be drawn now" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    click_and_load(browser, link_text="Draw winners…")
    assert "eligible users holding" in browser.find_element(By.ID, "draw-numbers").text
    click_and_load(browser, "#draw")
    assert f"Drew the winners of {name}." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "ol.winners li")) >= 1
    assert len(browser.find_element(By.ID, "draw-seed").text) == 64
    assert len(browser.find_element(By.ID, "draw-hash").text) == 64
    assert server.query("SELECT status FROM sweepstakes WHERE id = ?", sweepstakes_id) == ("drawn",)
    # The published draw at both widths (the layout test saw this page before the draw).
    shots = os.path.join(server.root, ".build", "screenshots")
    for width in WIDTHS:
        browser.set_window_size(width, 900)
        assert overflow(browser) <= 0, f"{width}px: the drawn sweepstakes page scrolls sideways"
        height = browser.execute_script("return document.documentElement.scrollHeight")
        browser.set_window_size(width, min(max(height, 600), 4000))
        browser.save_screenshot(os.path.join(shots, f"sweepstakes-drawn-{width}.png"))
    browser.set_window_size(1280, 900)
    sign_out(browser)


ALL = [test_owner_grants_exports_closes_and_draws]
