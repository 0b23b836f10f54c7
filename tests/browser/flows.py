"""The flows a staff member goes through, each one test. They run in order on one server."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

OWNER = ("owner@example.com", "owner-password-123")


def wait_for(browser, css):
    return WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, css)))


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


ALL = [
    test_setup_then_sign_in_shows_dashboard,
    test_five_wrong_passwords_lock_the_account,
    test_support_cannot_open_staff_page,
    test_sign_out_ends_the_session,
]
