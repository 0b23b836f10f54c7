"""A session that ends while a form is open (timed out, or signed out in
another tab): sending the form changes nothing and leads to the sign-in page,
which says so; signing in goes back to the form with what was typed put back,
for the person to check and send. And the back button after a refused form
never offers to send it again (issue 20)."""
from selenium.webdriver.common.by import By

from doubleclicks import a_sweepstakes_with_an_entrant
from flows import OWNER, click_and_load, sign_in, wait_for


def test_a_form_sent_after_the_session_ended_keeps_what_was_typed(browser, server):
    sweepstakes_id, user_id, uuid = a_sweepstakes_with_an_entrant(server)
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    entrant = f"{server.base}/sweepstakes/{sweepstakes_id}/entrant?user={uuid}"
    browser.get(entrant)
    wait_for(browser, "#grant-quantity").send_keys("4")
    browser.find_element(By.ID, "grant-reason").send_keys("Ticket 9090: lost in an outage")
    # The session ends while the form is open: the browser still holds its cookie, the console no longer knows it.
    browser.add_cookie({"name": "stand_session", "value": "0" * 64, "path": "/"})
    click_and_load(browser, "form[action$='/grant'] button")
    assert "/login" in browser.current_url
    assert "nothing was saved" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    valid, = server.query("SELECT valid_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?", sweepstakes_id, user_id)
    assert valid == 2

    browser.find_element(By.ID, "email").send_keys(OWNER[0])
    browser.find_element(By.ID, "password").send_keys(OWNER[1])
    click_and_load(browser, "form[action='/login'] button")
    wait_for(browser, "#typed-restored")
    assert browser.current_url == entrant, browser.current_url
    assert browser.find_element(By.ID, "grant-quantity").get_attribute("value") == "4"
    assert browser.find_element(By.ID, "grant-reason").get_attribute("value") == "Ticket 9090: lost in an outage"
    # Put back, never sent by itself.
    valid, = server.query("SELECT valid_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?", sweepstakes_id, user_id)
    assert valid == 2
    click_and_load(browser, "form[action$='/grant'] button")
    assert "Granted 4 entries to " in browser.find_element(By.CSS_SELECTOR, ".notice").text
    # Forgotten once used: a reload brings nothing back.
    browser.get(entrant + "&restore=typed")
    wait_for(browser, "h1")
    assert not browser.find_elements(By.ID, "typed-restored")
    assert browser.find_element(By.ID, "grant-quantity").get_attribute("value") == ""


def test_back_after_a_refused_form_does_not_offer_to_send_it_again(browser, server):
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/sweepstakes")
    click_and_load(browser, link_text="Create a sweepstakes")
    click_and_load(browser, "form[action='/sweepstakes/new'] button.primary")
    assert "Nothing was saved" in browser.find_element(By.CSS_SELECTOR, ".error").text
    # The refused form's page is in the history at its own address, not as a POST.
    assert browser.current_url == server.base + "/sweepstakes/new", browser.current_url
    browser.get(server.base + "/sweepstakes")
    browser.back()
    wait_for(browser, "h1")
    # A POST in the history would stop here at Chromium's "Confirm Form Resubmission" page (no h1 of ours).
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Create a sweepstakes"
    assert browser.current_url == server.base + "/sweepstakes/new"


ALL = [test_a_form_sent_after_the_session_ended_keeps_what_was_typed, test_back_after_a_refused_form_does_not_offer_to_send_it_again]
