"""An owner runs a sweepstakes to its end: grant entries with a reason, export
the entrants, close it early, draw with two alternates, publish the draw's
public record, open it in a fresh browser with no cookies, mark a winner as
forfeited and see the first alternate take the prize; redraw, and withdraw the
first draw's record from its row of earlier draws."""
from selenium.webdriver.common.by import By

import os

from chromium import new_browser
from flows import OWNER, click_and_load, sign_in, sign_out, wait_for
from layout import WIDTHS, overflow, shoot_at_each_width


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
    alternates = browser.find_element(By.ID, "alternates")
    alternates.clear()
    alternates.send_keys("2")
    click_and_load(browser, "#draw")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert f"and 2 alternates of {name} (draw 1)." in notice, notice
    winners = server.query("SELECT winner_count FROM sweepstakes_draws WHERE sweepstakes_id = ? ORDER BY id DESC LIMIT 1", sweepstakes_id)[0]
    assert len(browser.find_elements(By.CSS_SELECTOR, "ol.prizes > li")) == winners
    assert len(browser.find_elements(By.CSS_SELECTOR, "ol.alternates > li")) == 2
    assert len(browser.find_element(By.ID, "draw-seed").text) == 64
    assert len(browser.find_element(By.ID, "draw-hash").text) == 64
    assert server.query("SELECT status FROM sweepstakes WHERE id = ?", sweepstakes_id) == ("drawn",)

    # Publish the record, and open it as anyone would: another browser, no cookies, no session.
    click_and_load(browser, "#publish")
    assert "Published the public record of draw 1" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    public_href = browser.find_element(By.ID, "public-link").get_attribute("href")
    seed = browser.find_element(By.ID, "draw-seed").text
    first_winner = server.query("SELECT user_uuid FROM draw_winners w JOIN sweepstakes_draws d ON d.id = w.draw_id "
                                "WHERE d.sweepstakes_id = ? AND w.rank = 1 ORDER BY d.id DESC LIMIT 1", sweepstakes_id)[0]
    first_alternate = server.query("SELECT user_uuid FROM draw_winners w JOIN sweepstakes_draws d ON d.id = w.draw_id "
                                   "WHERE d.sweepstakes_id = ? AND w.rank = d.winner_count + 1 ORDER BY d.id DESC LIMIT 1", sweepstakes_id)[0]
    visitor = new_browser()
    try:
        visitor.get(public_href)
        wait_for(visitor, "h1")
        assert visitor.get_cookies() == [], visitor.get_cookies()
        assert "draw 1" in visitor.find_element(By.TAG_NAME, "h1").text
        assert visitor.find_element(By.ID, "seed").text == seed
        page = visitor.find_element(By.TAG_NAME, "main").text
        assert first_winner in page and first_alternate in page
        assert "@" not in page, "the public record shows no email"
        assert "verify-draw.py" in visitor.find_element(By.ID, "verify-command").text
        shoot_at_each_width(visitor, server, "public-draw", "the public record")
    finally:
        visitor.quit()

    # The first winner forfeits: the first alternate takes their place.
    browser.find_element(By.CSS_SELECTOR, "ol.prizes > li:first-child a[href*='/prize']").click()
    wait_for(browser, "#forfeit-form")
    shoot_at_each_width(browser, server, "prize", "the prize page")
    assert "Alternate 1" in browser.find_element(By.ID, "forfeit-form").text
    browser.find_element(By.ID, "reason").send_keys("No reply within 14 days")
    click_and_load(browser, "#record-forfeited")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert "Recorded Winner 1 as forfeited; Alternate 1" in notice and "takes their place" in notice, notice
    first_prize = browser.find_element(By.CSS_SELECTOR, "ol.prizes > li:first-child").text
    assert "Forfeited" in first_prize and "took the place of Winner 1" in first_prize, first_prize
    assert first_alternate in first_prize
    assert len(browser.find_elements(By.CSS_SELECTOR, "ol.alternates > li")) == 1
    # The published draw at both widths (the layout test saw this page before the draw).
    shoot_at_each_width(browser, server, "sweepstakes-drawn", "the drawn sweepstakes page")

    # A redraw: draw 1 becomes a row of "Earlier draws", its public record withdrawn from there.
    click_and_load(browser, link_text="Redraw…")
    browser.find_element(By.ID, "reason").send_keys("The prize changed")
    click_and_load(browser, "#draw")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert "(draw 2)" in notice, notice
    rows = browser.find_elements(By.XPATH, "//section[h2='Earlier draws']//tbody/tr")
    assert len(rows) == 1 and "Draw 1" in rows[0].text and "Published" in rows[0].text, [r.text for r in rows]
    shoot_at_each_width(browser, server, "sweepstakes-redrawn", "the sweepstakes page with an earlier draw")
    click_and_load(browser, "section.panel tbody tr form button")
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert "Withdrew the public record of draw 1" in notice, notice
    rows = browser.find_elements(By.XPATH, "//section[h2='Earlier draws']//tbody/tr")
    assert "Not published" in rows[0].text and "Publish" in rows[0].text, rows[0].text
    sign_out(browser)


ALL = [test_owner_grants_exports_closes_and_draws]
