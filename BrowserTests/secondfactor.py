"""An owner sets up a second factor: reads the key off the page, computes the
code here (RFC 6238, Python's hmac), signs out, signs in with a code, signs in
on a second browser with a recovery code and ends that browser's session from
the first. Then the riskiest action asks for the password again, and the owner
turns the second factor off. It runs last: once any account has a second
factor, a wrong password goes to the code step too."""
import base64
import hashlib
import hmac
import struct
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from chromium import new_browser
from flows import click_and_load, sign_in, sign_out, wait_for
from layout import shoot_at_each_width

EMAIL, PASSWORD = "guarded-owner@example.com", "guarded-password-246"


def totp(key, at=None, step=30, digits=6):
    """RFC 6238 with HMAC-SHA-1, from the key as the page shows it (base32 in groups)."""
    secret = base64.b32decode(key.replace(" ", "").upper() + "=" * (-len(key.replace(" ", "")) % 8))
    counter = int((time.time() if at is None else at) // step)
    digest = hmac.new(secret, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10 ** digits).zfill(digits)


def wait_for_heading(browser, text):
    """Wait until the page shown has this heading: sign_in returns on the click, while the
    sign-in page (whose heading goes stale when the next page replaces it) may still be up."""
    def shown(driver):
        try:
            return driver.find_element(By.TAG_NAME, "h1").text == text
        except WebDriverException:
            return False  # between documents
    WebDriverWait(browser, 10).until(shown)


def submit_code(browser, code):
    browser.find_element(By.ID, "code").send_keys(code)
    return click_and_load(browser, "form[action='/login/code'] button")


def test_owner_sets_up_a_second_factor_and_ends_another_session(browser, server):
    server.cli("staff", "create", "--email", EMAIL, "--role", "owner", "--password-stdin", stdin=PASSWORD + "\n")
    sign_in(browser, server, EMAIL, PASSWORD)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/account")
    assert "Off" in browser.find_element(By.CSS_SELECTOR, "#second-factor .status").text
    click_and_load(browser, link_text="Set up a second factor")
    click_and_load(browser, "form[action='/account/second-factor'] button.primary")
    key = browser.find_element(By.ID, "second-factor-secret").text
    assert len(key.split(" ")) == 8 and all(len(group) == 4 for group in key.split(" ")), key
    assert browser.find_element(By.ID, "second-factor-link").get_attribute("href").startswith("otpauth://totp/")
    shoot_at_each_width(browser, server, "second-factor-set-up", "setting up a second factor")
    browser.find_element(By.ID, "code").send_keys(totp(key))
    assert click_and_load(browser, "form[action='/account/second-factor/confirm'] button").text == "Your second factor is on"
    recovery = [code.text for code in browser.find_elements(By.CSS_SELECTOR, "#recovery-codes code")]
    assert len(recovery) == 10, recovery
    shoot_at_each_width(browser, server, "recovery-codes", "the recovery codes, shown once")

    # Signed out, then in again: the password, then a code (the next step's, as the first is spent).
    browser.get(server.base + "/")
    sign_out(browser)
    sign_in(browser, server, EMAIL, PASSWORD)
    wait_for_heading(browser, "Sign in: code")
    shoot_at_each_width(browser, server, "sign-in-code", "the code step of sign-in")
    submit_code(browser, totp(key, time.time() + 30))
    wait_for(browser, "#user-count")

    # A second browser signs in with a recovery code.
    other = new_browser()
    try:
        sign_in(other, server, EMAIL, PASSWORD)
        wait_for_heading(other, "Sign in: code")
        submit_code(other, recovery[0])
        wait_for(other, "#user-count")

        browser.get(server.base + "/account")
        rows = browser.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")
        assert len(rows) == 2, [row.text for row in rows]
        assert "this browser" in browser.find_element(By.CSS_SELECTOR, "#sessions").text
        assert "Headless Chrome" in rows[0].text and "Headless Chrome" in rows[1].text, [row.text for row in rows]
        shoot_at_each_width(browser, server, "account-sessions", "your account with two sessions")
        click_and_load(browser, "form[action='/account/sessions/end'] button")
        assert "That session has ended" in browser.find_element(By.CSS_SELECTOR, "[role=status]").text
        assert len(browser.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")) == 1

        other.get(server.base + "/users")
        wait_for_heading(other, "Sign in")  # the ended browser is signed out
    finally:
        other.quit()

    # Twenty minutes later (as another program would move it), a role change asks again.
    editor = server.query("SELECT id FROM staff WHERE role = 'editor' AND disabled = 0 LIMIT 1")
    if editor is None:
        server.cli("staff", "create", "--email", "guarded-editor@example.com", "--role", "editor")
        editor = server.query("SELECT id FROM staff WHERE email = 'guarded-editor@example.com'")
    server.execute("UPDATE staff_sessions SET confirmed_at = strftime('%Y-%m-%d %H:%M:%f', 'now', '-20 minutes') "
                   "WHERE staff_id = (SELECT id FROM staff WHERE email = ?)", EMAIL)
    # The console trusts a session it read for up to a second: until it reads the store again the
    # change goes through unasked, so each try asks for the role the editor does not have now.
    deadline = time.time() + 10
    heading = wanted = None
    while heading != "Confirm it is you" and time.time() < deadline:
        wanted = "editor" if server.query("SELECT role FROM staff WHERE id = ?", editor[0])[0] == "support" else "support"
        browser.get(server.base + "/staff")
        browser.find_element(By.CSS_SELECTOR, f"#role-{editor[0]} option[value='{wanted}']").click()
        heading = click_and_load(browser, f"#staff-{editor[0]} form[action$='/role'] button").text
    assert heading == "Confirm it is you", heading
    assert browser.find_element(By.CSS_SELECTOR, "input[name='role']").get_attribute("value") == wanted
    shoot_at_each_width(browser, server, "reconfirm", "asking for the password again")
    browser.find_element(By.ID, "reconfirm-password").send_keys(PASSWORD)
    browser.find_element(By.ID, "reconfirm-code").send_keys(recovery[1])
    click_and_load(browser, "form[action$='/role'] button.primary")
    assert f"now has the {wanted.title()} role" in browser.find_element(By.CSS_SELECTOR, "[role=status]").text

    # Off again: the password and a code.
    browser.get(server.base + "/account")
    browser.find_element(By.ID, "off-password").send_keys(PASSWORD)
    browser.find_element(By.ID, "off-code").send_keys(recovery[2])
    click_and_load(browser, "form[action='/account/second-factor/off'] button")
    assert "Off" in browser.find_element(By.CSS_SELECTOR, "#second-factor .status").text


ALL = [test_owner_sets_up_a_second_factor_and_ends_another_session]
