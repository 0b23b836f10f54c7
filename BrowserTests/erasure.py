"""A deletion reaches Firebase, then AWS: support deletes an account and the
tombstone follows each system from pending to confirmed (the receiver is
scripts/erasure-receiver.py, answering after 2 s); then the receipt, on
screen and as printed."""
import time

from selenium.webdriver.common.by import By

from flows import click_and_load, sign_in, sign_out, wait_for
from layout import shoot_at_each_width


def states(browser):
    """(firebase badge, aws badge) on the tombstone as shown now."""
    badge = lambda system: browser.find_element(By.CSS_SELECTOR, f"tr[data-system='{system}'] .badge").text
    return badge("firebase"), badge("aws")


def test_support_deletes_and_the_tombstone_follows_firebase_then_aws(browser, server):
    server.cli("staff", "create", "--email", "eraser@example.com", "--role", "support", "--password-stdin",
               stdin="eraser-password-135\n")
    uuid, email = server.query("SELECT uuid, email FROM users ORDER BY id DESC LIMIT 1 OFFSET 5")
    sign_in(browser, server, "eraser@example.com", "eraser-password-135")
    wait_for(browser, "#user-count")
    browser.get(server.base + f"/users/{uuid}/delete")
    wait_for(browser, "#confirmation")
    browser.find_element(By.ID, "confirmation").send_keys(email)
    browser.find_element(By.ID, "reason").send_keys("Asked in the app")
    assert click_and_load(browser, "form[action$='/delete'] button").text == "Deleted account"

    # Firebase is being told (its answer takes 2 s); AWS waits for it.
    assert states(browser) == ("Pending", "Waiting"), states(browser)
    assert "Not complete yet: waiting for firebase and aws" in browser.find_element(By.ID, "completion").text
    shoot_at_each_width(browser, server, "tombstone-pending", "the tombstone while Firebase is told")

    seen = [states(browser)]
    deadline = time.time() + 60
    while seen[-1] != ("Confirmed", "Confirmed") and time.time() < deadline:
        time.sleep(0.3)
        browser.refresh()
        wait_for(browser, "#systems")
        if states(browser) != seen[-1]:
            seen.append(states(browser))
    assert seen[-1] == ("Confirmed", "Confirmed"), seen
    # AWS was never told before Firebase confirmed.
    assert all(firebase == "Confirmed" for firebase, aws in seen if aws != "Waiting"), seen
    assert ("Confirmed", "Pending") in seen, seen
    assert "Complete everywhere at" in browser.find_element(By.ID, "completion").text
    received = [entry["system"] for entry in server.erasures() if entry["account_uuid"] == uuid]
    assert received == ["firebase", "aws"], received
    shoot_at_each_width(browser, server, "tombstone-complete", "the tombstone once every system confirmed")

    # The receipt: both confirmations, what is kept and why, no email.
    assert click_and_load(browser, "#receipt").text == "Your Stand account is deleted"
    confirmations = [dd.text for dd in browser.find_elements(By.CSS_SELECTOR, "dd.confirmation")]
    assert len(confirmations) == 2 and all(text.startswith("Confirmed deleted at") for text in confirmations), confirmations
    assert "Kept, and why" in browser.page_source
    assert email not in browser.page_source
    shoot_at_each_width(browser, server, "receipt", "the deletion receipt")
    # As printed: the console's links are gone.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.CSS_SELECTOR, ".no-print").is_displayed()
        shoot_at_each_width(browser, server, "receipt-print", "the deletion receipt as printed")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    browser.get(server.base + "/")
    sign_out(browser)


ALL = [test_support_deletes_and_the_tombstone_follows_firebase_then_aws]
