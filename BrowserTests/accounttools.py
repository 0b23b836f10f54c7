"""Support's everyday tools on one account: suspend it until tomorrow, write a
note, correct its points, export its data (the ZIP downloaded and opened),
sign it out everywhere; the timeline then shows all five."""
import base64
import datetime
import io
import json
import zipfile

from selenium.webdriver.common.by import By

from flows import click_and_load, sign_in, sign_out, wait_for
from layout import shoot_at_each_width


def test_support_suspends_notes_corrects_exports_and_signs_out(browser, server):
    server.cli("staff", "create", "--email", "tools@example.com", "--role", "support", "--password-stdin",
               stdin="tools-password-246\n")
    uuid, email, points = server.query("SELECT uuid, email, points FROM users ORDER BY id DESC LIMIT 1")
    sign_in(browser, server, "tools@example.com", "tools-password-246")
    wait_for(browser, "#user-count")
    browser.get(server.base + f"/users/{uuid}")
    wait_for(browser, "h1")

    # Suspend until tomorrow 09:30 UTC, with a reason.
    click_and_load(browser, link_text="Suspend…")
    tomorrow = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)).strftime("%Y-%m-%dT09:30")
    browser.execute_script("document.getElementById('until').value = arguments[0]", tomorrow)
    browser.find_element(By.ID, "reason").send_keys("Chargebacks under review")
    click_and_load(browser, "#suspend")
    assert "Suspended." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    banner = browser.find_element(By.ID, "suspension").text
    assert f"Suspended until {tomorrow.replace('T', ' ')} UTC, by tools@example.com, because Chargebacks under review" in banner, banner

    # A note, kept as typed.
    browser.find_element(By.ID, "note-body").send_keys("Called from a new number; <b>asked</b> about the review")
    click_and_load(browser, "#add-note")
    assert "Called from a new number; <b>asked</b> about the review" in browser.find_element(By.CSS_SELECTOR, "ol.notes").text

    # Points: a bad number keeps what was typed, then a correction adds to what is there.
    click_and_load(browser, link_text="Correct points or streak…")
    browser.find_element(By.ID, "points").send_keys("lots")
    browser.find_element(By.ID, "points-reason").send_keys("Outage of the 20th")
    click_and_load(browser, "#correct-points")
    assert browser.find_element(By.ID, "points").get_attribute("value") == "lots"
    assert browser.find_element(By.ID, "points-reason").get_attribute("value") == "Outage of the 20th"
    field = browser.find_element(By.ID, "points")
    field.clear()
    field.send_keys("250")
    click_and_load(browser, "#correct-points")
    assert "Points corrected." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert server.query("SELECT points FROM users WHERE uuid = ?", uuid)[0] >= points + 250

    # The data export, fetched with the browser's own session, opened as a ZIP.
    href = browser.find_element(By.ID, "export-data").get_attribute("href")
    encoded = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0]).then(r => r.arrayBuffer()).then(buffer => {
            let text = ''; const bytes = new Uint8Array(buffer);
            for (let i = 0; i < bytes.length; i += 1) text += String.fromCharCode(bytes[i]);
            done(btoa(text));
        });""", href)
    archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(encoded)))
    names = set(archive.namelist())
    assert {"profile.json", "answers.json", "notes.json", "suspensions.json", "README.txt"} <= names, names
    assert json.loads(archive.read("profile.json"))["email"] == email
    assert "password" not in archive.read("profile.json").decode()
    assert json.loads(archive.read("notes.json"))[0]["body"].startswith("Called from a new number")
    assert json.loads(archive.read("suspensions.json"))[0]["reason"] == "Chargebacks under review"

    # Sign out everywhere: asked first.
    browser.get(server.base + f"/users/{uuid}")
    wait_for(browser, "h1")
    assert "by tools@example.com" in browser.find_element(By.CSS_SELECTOR, ".export").text
    heading = click_and_load(browser, "#sign-out-everywhere").text
    assert heading == f"Sign {email} out everywhere?", heading
    click_and_load(browser, "main form button.danger")
    assert "Signed out everywhere" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert server.query("SELECT tokens_valid_after IS NOT NULL FROM users WHERE uuid = ?", uuid) == (1,)

    # The timeline shows all five.
    click_and_load(browser, link_text="Timeline")
    timeline = browser.find_element(By.CSS_SELECTOR, "table").text
    for words in ["Suspended: Chargebacks under review", "Called from a new number", "Corrected the points",
                  "Exported the person's data", "Signed the account out everywhere"]:
        assert words in timeline, f"{words!r} not in the timeline"
    shoot_at_each_width(browser, server, "timeline", "the timeline")
    browser.get(server.base + f"/users/{uuid}")
    wait_for(browser, "h1")
    shoot_at_each_width(browser, server, "user-suspended", "the suspended account's page")
    sign_out(browser)


ALL = [test_support_suspends_notes_corrects_exports_and_signs_out]
