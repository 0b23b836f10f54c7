"""An editor keeps the calendar full: schedule an empty day, turn an app
user's suggestion (hostile markup included) into a question, and schedule
several from a CSV file."""
import datetime
import os
import tempfile

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from flows import OWNER, click_and_load, sign_in, sign_out, wait_for

HOSTILE = "<img src=x onerror=alert(1)> Is breakfast the best meal?"


def no_alert(browser):
    try:
        text = browser.switch_to.alert.text
    except NoAlertPresentException:
        return True
    raise AssertionError(f"a script ran: alert({text!r})")


def fill_question(browser, text, choices):
    field = browser.find_element(By.ID, "text")
    field.clear()
    field.send_keys(text)
    for number, choice in enumerate(choices, start=1):
        browser.find_element(By.ID, f"choice{number}").send_keys(choice)


def test_editor_schedules_an_empty_day_from_the_calendar(browser, server):
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/questions")
    wait_for(browser, "table.calendar")
    # Near a month's end the next empty day may be in the next month.
    if not browser.find_elements(By.CSS_SELECTOR, "a.schedule-link"):
        click_and_load(browser, "a[rel='next']")
    link = browser.find_element(By.CSS_SELECTOR, "a.schedule-link")
    day = link.get_attribute("href").split("date=")[1]
    click_and_load(browser, "a.schedule-link")
    assert browser.find_element(By.ID, "runsOn").get_attribute("value") == day
    fill_question(browser, "Would you rather read the book or watch the film?", ["The book", "The film"])
    assert click_and_load(browser, "form[action='/questions/new'] button.primary").text.startswith(f"Question for {day}")
    assert "Scheduled question #" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    click_and_load(browser, link_text="← Back to the calendar")
    cell = browser.find_element(By.CSS_SELECTOR, f"td.day:has(time[datetime='{day}'])")
    assert "Would you rather read the book" in cell.text
    assert not cell.find_elements(By.CSS_SELECTOR, "a.schedule-link")
    sign_out(browser)


def test_a_hostile_suggestion_is_text_and_becomes_a_question(browser, server):
    server.execute("INSERT INTO suggestions (user_id, text, created_at) VALUES (NULL, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))", HOSTILE)
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    browser.get(server.base + "/suggestions")
    wait_for(browser, "table")
    no_alert(browser)
    row = browser.find_element(By.XPATH, "//tr[td[contains(., 'Is breakfast the best meal?')]]")
    assert HOSTILE in row.text
    assert not row.find_elements(By.TAG_NAME, "img")
    row.find_element(By.LINK_TEXT, "Approve…").click()
    wait_for(browser, "#text")
    no_alert(browser)
    assert browser.find_element(By.ID, "text").get_attribute("value") == HOSTILE
    fill_question(browser, "Is breakfast the best meal of the day?", ["Yes", "No", "Depends"])
    heading = click_and_load(browser, "form[action$='/approve'] button.primary").text
    assert heading.startswith("Question for ")
    assert "Approved suggestion #" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    browser.get(server.base + "/suggestions?status=approved")
    wait_for(browser, "table")
    assert "Is breakfast the best meal?" in browser.find_element(By.CSS_SELECTOR, "table").text
    no_alert(browser)
    sign_out(browser)


def free_days(server, count, start=40):
    """`count` consecutive UTC days from `start` days ahead on which nothing is scheduled."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    offset = start
    while True:
        days = [(today + datetime.timedelta(days=offset + n)).isoformat() for n in range(count)]
        if not any(server.query("SELECT 1 FROM daily_questions WHERE runs_on = ?", day) for day in days):
            return days
        offset += count


def upload(browser, server, text):
    handle, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    try:
        browser.get(server.base + "/questions/upload")
        browser.find_element(By.ID, "file").send_keys(path)
        click_and_load(browser, "form[action='/questions/upload'] button.primary")
    finally:
        os.unlink(path)


def test_editor_fixes_a_bad_row_and_applies_a_csv_file(browser, server):
    first, second = free_days(server, 2)
    bad = ("date,text,choice1,choice2,choice3,choice4\n"
           f'{first},"Cats, dogs or ""neither""?",Cats,Dogs,Neither,\n'
           f"{second},Too short,Yes,Yes,,\n")
    sign_in(browser, server, *OWNER)
    wait_for(browser, "#user-count")
    upload(browser, server, bad)
    assert "1 of 2 rows has a problem" in browser.find_element(By.ID, "preview-problems").text
    problems = browser.find_element(By.XPATH, "//tr[td[contains(., 'Too short')]]").text
    assert "The question is 9 characters" in problems and "Choice 2 repeats choice 1" in problems
    assert not browser.find_elements(By.ID, "apply")
    upload(browser, server, bad.replace("Too short,Yes,Yes", "Is this row fixed now?,Yes,No"))
    assert "All 2 rows can be scheduled." in browser.find_element(By.ID, "preview-ok").text
    click_and_load(browser, "#apply")
    assert f"Scheduled 2 questions from the file, {first} to {second}." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert server.query("SELECT text FROM daily_questions WHERE runs_on = ?", first) == ('Cats, dogs or "neither"?',)
    sign_out(browser)


ALL = [test_editor_schedules_an_empty_day_from_the_calendar, test_a_hostile_suggestion_is_text_and_becomes_a_question,
       test_editor_fixes_a_bad_row_and_applies_a_csv_file]
