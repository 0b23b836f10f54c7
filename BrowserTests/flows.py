"""The flows a staff member goes through, each one test. They run in order on one server."""
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

OWNER = ("owner@example.com", "owner-password-123")


def wait_for(browser, css):
    return WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, css)))


def click_and_load(browser, css=None, link_text=None):
    """Click and wait until the next page has replaced this one (not just any element).

    The old document is marked, and the wait is for a loaded document without
    the mark. (Selenium's staleness_of asks the old node, and Chromium sometimes
    answers "Node … does not belong to the document" instead of "stale".)"""
    browser.execute_script("document.documentElement.dataset.leaving = 'yes'")
    element = browser.find_element(By.LINK_TEXT, link_text) if link_text else browser.find_element(By.CSS_SELECTOR, css)
    element.click()

    def next_page_loaded(driver):
        try:
            return driver.execute_script(
                "return document.readyState === 'complete' && document.documentElement.dataset.leaving !== 'yes'")
        except WebDriverException:
            return False  # between documents

    WebDriverWait(browser, 10).until(next_page_loaded)
    return wait_for(browser, "h1")


def sign_in(browser, server, email, password):
    browser.get(server.base + "/login")
    browser.find_element(By.ID, "email").send_keys(email)
    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()


def sign_out(browser):
    browser.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    wait_for(browser, "form[action='/login']")


def test_setup_then_sign_in_shows_dashboard(browser, server):
    browser.get(server.setup_url)
    assert "Set up Stand Admin" in browser.page_source
    browser.find_element(By.ID, "email").send_keys(OWNER[0])
    browser.find_element(By.ID, "password").send_keys(OWNER[1])
    browser.find_element(By.ID, "confirmation").send_keys(OWNER[1])
    browser.find_element(By.CSS_SELECTOR, "form[action='/setup'] button").click()
    wait_for(browser, "#user-count")
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Dashboard"
    assert browser.find_element(By.ID, "user-count").text == "500"
    # The link works once.
    browser.get(server.setup_url)
    assert "already set up" in browser.page_source
    sign_out(browser)
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    assert OWNER[0] in browser.find_element(By.CSS_SELECTOR, ".who-email").text


def test_five_wrong_passwords_lock_the_account(browser, server):
    server.cli("staff", "create", "--email", "locked@example.com", "--role", "editor", "--password-stdin",
               stdin="right-password-456\n")
    for attempt in range(5):
        sign_in(browser, server, "locked@example.com", f"wrong-password-{attempt}")
        error = wait_for(browser, "#login-error").text
        if attempt < 4:
            assert "do not match" in error, error
    assert "locked" in error and "15 more minutes" in error, error
    # Even the right password is refused while locked, with the same plain message.
    sign_in(browser, server, "locked@example.com", "right-password-456")
    assert "locked" in wait_for(browser, "#login-error").text
    # What was typed stays in the form.
    assert browser.find_element(By.ID, "email").get_attribute("value") == "locked@example.com"


def test_support_cannot_open_staff_page(browser, server):
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/staff")
    browser.find_element(By.ID, "new-email").send_keys("support@example.com")
    browser.find_element(By.CSS_SELECTOR, "#new-role option[value='support']").click()
    browser.find_element(By.CSS_SELECTOR, "form[action='/staff'] button").click()
    password = wait_for(browser, "#generated-password").text
    sign_out(browser)

    sign_in(browser, server, "support@example.com", password)
    wait_for(browser, "#user-count")
    nav = browser.find_element(By.CSS_SELECTOR, "nav.sections").text
    assert "Staff" not in nav and "Audit log" not in nav, nav
    browser.get(server.base + "/staff")
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Not allowed"
    assert "role does not allow" in browser.page_source


def test_sign_out_ends_the_session(browser, server):
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/audit")
    wait_for(browser, "table")
    sign_out(browser)
    assert "You have signed out" in browser.page_source
    browser.back()
    browser.refresh()
    wait_for(browser, "form[action='/login']")
    assert "/login" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Sign in"


def test_support_finds_edits_and_deletes_an_account(browser, server):
    server.cli("staff", "create", "--email", "helper@example.com", "--role", "support", "--password-stdin",
               stdin="helper-password-789\n")
    uuid, email, phone = server.query("SELECT uuid, email, phone FROM users WHERE phone LIKE '+1%' ORDER BY id LIMIT 1")
    typed_phone = f"({phone[2:5]}) {phone[5:8]}-{phone[8:]}"
    sign_in(browser, server, "helper@example.com", "helper-password-789")
    wait_for(browser, "#user-count")

    # The header search forgives punctuation and opens the account directly.
    browser.find_element(By.ID, "header-search").send_keys(typed_phone)
    assert click_and_load(browser, "form.search button").text == email
    assert f"/users/{uuid}" in browser.current_url

    # A bad email is explained on the form; everything typed stays.
    click_and_load(browser, link_text="Edit profile")
    field = browser.find_element(By.ID, "email")
    field.clear()
    field.send_keys("not-an-email")
    reminder = browser.find_element(By.ID, "reminderTime").get_attribute("value")
    click_and_load(browser, "form[action$='/edit'] button")
    assert "valid email address" in browser.find_element(By.ID, "email-error").text
    assert browser.find_element(By.ID, "email").get_attribute("value") == "not-an-email"
    assert browser.find_element(By.ID, "reminderTime").get_attribute("value") == reminder

    # Fixed, it saves and the user page says so.
    field = browser.find_element(By.ID, "email")
    field.clear()
    field.send_keys("fixed.address@example.com")
    assert click_and_load(browser, "form[action$='/edit'] button").text == "fixed.address@example.com"
    assert "Saved." in browser.find_element(By.CSS_SELECTOR, ".notice").text

    # Deletion asks for the email and a reason, then leaves a tombstone.
    assert "Delete this account?" in click_and_load(browser, link_text="Delete account…").text
    browser.find_element(By.ID, "confirmation").send_keys("fixed.address@example.com")
    browser.find_element(By.ID, "reason").send_keys("Asked by email, ticket 1234")
    assert click_and_load(browser, "form[action$='/delete'] button").text == "Deleted account"
    # Nothing else reads the store here, so the bytes are gone at once and the page says so.
    assert "Erased at" in browser.find_element(By.CSS_SELECTOR, ".tombstone").text

    # A second lookup of the UUID shows the tombstone, not a 404; the phone finds nothing.
    browser.find_element(By.ID, "header-search").send_keys(uuid.upper())
    assert click_and_load(browser, "form.search button").text == "Deleted account"
    assert browser.current_url.endswith(f"/users/{uuid}")
    assert "Asked by email, ticket 1234" in browser.page_source
    assert "helper@example.com" in browser.find_element(By.CSS_SELECTOR, ".tombstone").text
    browser.find_element(By.ID, "header-search").send_keys(typed_phone)
    click_and_load(browser, "form.search button")
    assert "No account matches" in browser.find_element(By.CSS_SELECTOR, ".empty").text
    sign_out(browser)


ALL = [
    test_setup_then_sign_in_shows_dashboard,
    test_five_wrong_passwords_lock_the_account,
    test_support_cannot_open_staff_page,
    test_sign_out_ends_the_session,
    test_support_finds_edits_and_deletes_an_account,
]
